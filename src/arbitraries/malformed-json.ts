import type fc from 'fast-check';
import type { JsonValue } from 'fast-check';
import { libraryMessage } from '../text/library-message.js';
import {
  argumentObjects,
  MALFORMED_FAMILIES,
  type MalformedFamily,
  type MalformedJsonSample,
  malformedOf,
} from '../values/malformed.js';
import { arbitraryOf, FAST_CHECK, genOf } from './_internals/fast-check-gens.js';

export { MALFORMED_FAMILIES, type MalformedFamily, type MalformedJsonSample };

/**
 * Options for {@link malformedJson} and {@link malformedJsonSample}.
 *
 * @example
 * ```ts
 * const constraints: MalformedJsonConstraints = { families: ['python-literals', 'single-quotes'] };
 * ```
 */
export interface MalformedJsonConstraints {
  /** The families to draw from; all by default. */
  families?: readonly MalformedFamily[];
  /**
   * The objects to break, such as `argumentsFor(schema)`; by default small tool-argument
   * objects. Must produce JSON objects; a family that needs a member (a literal, a number,
   * a second key) adds a plausible one when the object has none.
   */
  value?: fc.Arbitrary<JsonValue>;
}

/**
 * Malformed JSON with its family: `{ text, family }`. Every `text` is `'malformed'` for
 * `jsonState`: no continuation makes it parse, so it is never mistaken for a cut answer,
 * and it is never empty. Built from small tool-argument objects (or `value`), written
 * compact, spaced or indented, then broken the way the family says.
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * import { malformedJsonSample } from 'tool-call-health/arbitraries';
 *
 * fc.assert(
 *   fc.property(malformedJsonSample(), ({ text, family }) => {
 *     expect(parseArguments(text), family).toMatchObject({ ok: false, reason: 'malformed' });
 *   }),
 * );
 * ```
 */
export function malformedJsonSample(
  constraints: MalformedJsonConstraints = {},
): fc.Arbitrary<MalformedJsonSample> {
  const families = constraints.families ?? MALFORMED_FAMILIES;
  if (families.length === 0)
    throw new Error(libraryMessage('malformedJson needs at least one family'));
  for (const family of families) {
    if (!(MALFORMED_FAMILIES as readonly string[]).includes(family)) {
      throw new Error(
        libraryMessage(
          `malformedJson has no family ${JSON.stringify(family)}; the families are ${MALFORMED_FAMILIES.join(', ')}`,
        ),
      );
    }
  }
  const value =
    constraints.value === undefined ? argumentObjects(FAST_CHECK) : genOf(constraints.value);
  return arbitraryOf(malformedOf(FAST_CHECK, value, families));
}

/**
 * Text that is neither JSON nor a prefix of JSON, from the families models produce: see
 * {@link malformedJsonSample} for the same samples with their family.
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * import { malformedJson } from 'tool-call-health/arbitraries';
 *
 * fc.assert(fc.property(malformedJson({ families: ['trailing-comma'] }), (text) => !parseArguments(text).ok));
 * ```
 */
export function malformedJson(constraints: MalformedJsonConstraints = {}): fc.Arbitrary<string> {
  return malformedJsonSample(constraints).map((sample) => sample.text);
}
