import fc, { type JsonValue } from 'fast-check';
import { JsonScanner } from '../json/index.js';
import { libraryMessage } from '../text/library-message.js';
import { jsonText } from './json-text.js';

/**
 * Options for {@link truncatedJson}.
 *
 * @example
 * ```ts
 * const constraints: TruncatedJsonConstraints = { document: jsonText({ value: fc.record({ city: fc.string() }) }) };
 * ```
 */
export interface TruncatedJsonConstraints {
  /**
   * The documents to cut, as text; by default objects and arrays from `jsonText`, whose
   * varied whitespace, escapes, astral characters, numbers and literals give every kind of
   * cut. Each must have at least one truncated prefix (a bare `7` has none).
   */
  document?: fc.Arbitrary<string>;
  /** How deep the default documents nest. Default 3. Ignored when `document` is given. */
  maxDepth?: number;
}

/** Positions are drawn uniformly over this many slots and scaled to the cut points. */
const POSITION_SLOTS = 0x10000;

/**
 * The lengths at which a prefix of `document` is truncated: not empty, not whitespace only,
 * not a whole document (`12` of `123` parses), and not malformed. Linear: one scanner pass.
 */
function truncatedCutPoints(document: string): number[] {
  const scanner = new JsonScanner();
  const cuts: number[] = [];
  for (let index = 0; index < document.length - 1; index += 1) {
    scanner.push(document.charAt(index));
    const state = scanner.state;
    if (state === 'truncated') cuts.push(index + 1);
    else if (state === 'malformed') break;
  }
  return cuts;
}

function defaultDocuments(maxDepth: number): fc.Arbitrary<string> {
  const inner = fc.oneof(
    fc.jsonValue({ maxDepth: maxDepth - 1 }),
    fc.jsonValue({ maxDepth: maxDepth - 1, stringUnit: 'binary' }),
  );
  // Tool arguments are objects; arrays add ']' cuts. A top-level number may have no cut at all.
  const container: fc.Arbitrary<JsonValue> = fc.oneof(
    {
      weight: 3,
      arbitrary: fc.dictionary(fc.string(), inner, { maxKeys: 5, noNullPrototype: true }),
    },
    { weight: 1, arbitrary: fc.array(inner, { maxLength: 5 }) },
  );
  return jsonText({ value: container });
}

/**
 * Proper prefixes of valid JSON documents that do not parse: `jsonState(text)` is
 * `'truncated'` for every sample, as for output cut by a token ceiling. Cuts fall anywhere:
 * inside strings, escapes, `\u` sequences and between the halves of a surrogate pair,
 * inside numbers and literals, between tokens.
 *
 * A cut point is chosen from the set of offsets where the prefix is truncated (found with
 * the library's own `JsonScanner`), by an index scaled into that set: no filtering, so it
 * never runs dry, and a failing property shrinks to the shortest cut of a small document.
 * Throws when a document given in `document` has no truncated prefix.
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * import { truncatedJson } from 'tool-call-health/arbitraries';
 *
 * fc.assert(fc.property(truncatedJson(), (text) => parseArguments(text).reason === 'truncated'));
 * ```
 */
export function truncatedJson(constraints: TruncatedJsonConstraints = {}): fc.Arbitrary<string> {
  const documents =
    constraints.document ?? defaultDocuments(Math.max(1, constraints.maxDepth ?? 3));
  return fc
    .tuple(documents, fc.noBias(fc.integer({ min: 0, max: POSITION_SLOTS - 1 })))
    .map(([document, position]) => {
      const cuts = truncatedCutPoints(document);
      const cut = cuts[Math.floor((position * cuts.length) / POSITION_SLOTS)];
      if (cut === undefined) {
        throw new Error(
          libraryMessage(
            `truncatedJson was given a document with no truncated prefix: ${JSON.stringify(document.slice(0, 60))}; pass documents that start with '{', '[', '"', a literal or '-'`,
          ),
        );
      }
      return document.slice(0, cut);
    });
}
