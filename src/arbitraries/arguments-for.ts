import type fc from 'fast-check';
import type { JsonValue } from 'fast-check';
import { libraryMessage } from '../text/library-message.js';
import { analyseSchema, DEFAULT_MAX_DEPTH } from '../values/analyse-schema.js';
import { anyJsonValue } from '../values/leaf-values.js';
import { arbitraryOf, FAST_CHECK } from './_internals/fast-check-gens.js';

/**
 * Options for {@link argumentsFor}.
 *
 * @example
 * ```ts
 * const constraints: ArgumentsForConstraints = { maxDepth: 2, maxItems: 3 };
 * ```
 */
export interface ArgumentsForConstraints {
  /**
   * How many times one `$ref` target may be entered along a path (so how deep a recursive
   * schema nests), and how deep free-form JSON goes where the schema says nothing. Default 3.
   */
  maxDepth?: number;
  /** The longest array generated where the schema sets no `maxItems`. Default 4. */
  maxItems?: number;
}

/**
 * Values valid against a JSON Schema, shaped like the arguments models send: realistic
 * strings and ids, small numbers, optional keys sometimes left out. The schema is read the
 * way `checkArguments` reads it (draft 2020-12 unless `$schema` says draft-07 or older,
 * draft-07 tuple `items` understood), and every value passes it.
 *
 * Honours the keywords in `ARGUMENTS_FOR_KEYWORDS` and the formats in
 * `ARGUMENTS_FOR_FORMATS`. A keyword it cannot honour (`not`, `if`/`then`/`else`,
 * `patternProperties`, a remote `$ref`, an unknown format, a `oneOf` whose branches it cannot
 * prove exclusive...) throws an `UnsupportedSchemaError` naming the keyword and its schema
 * path when `argumentsFor` is called, never later, and never by generating invalid data.
 * A schema no value satisfies throws too.
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * import { argumentsFor } from 'tool-call-health/arbitraries';
 *
 * const refund = { type: 'object', additionalProperties: false, required: ['order_id', 'amount_cents'],
 *   properties: { order_id: { type: 'string', pattern: '^A-[0-9]{4}$' }, amount_cents: { type: 'integer', minimum: 1 } } };
 * fc.assert(fc.property(argumentsFor(refund), (args) => dispatch('issue_refund', args).ok));
 * ```
 */
export function argumentsFor(
  schema: unknown,
  constraints: ArgumentsForConstraints = {},
): fc.Arbitrary<JsonValue> {
  if (schema === true) {
    return arbitraryOf(anyJsonValue(FAST_CHECK, constraints.maxDepth ?? DEFAULT_MAX_DEPTH));
  }
  if (schema === false) {
    throw new Error(
      libraryMessage('argumentsFor found no value the schema accepts: the schema is false'),
    );
  }
  const { document, root } = analyseSchema(schema, constraints, 'argumentsFor', FAST_CHECK);
  document.dispose();
  return arbitraryOf(root.gen);
}
