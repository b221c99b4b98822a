import { escapePointerToken } from '../schema/json-pointer.js';
import { libraryMessage } from '../text/library-message.js';
/**
 * Which JSON Schema keywords `argumentsFor` honours, which it knows it cannot, and the error
 * it throws for the second kind.
 */

/**
 * The keywords `argumentsFor` honours: every value it generates satisfies them. Annotations
 * (`title`, `description`, `default`, `examples`, ...) are read and ignored, as validators
 * ignore them; so is any keyword no JSON Schema draft defines (`x-...`, typos), which Ajv
 * ignores too. A keyword in {@link ARGUMENTS_FOR_UNSUPPORTED_KEYWORDS} makes it throw.
 *
 * @example
 * ```ts
 * ARGUMENTS_FOR_KEYWORDS.includes('oneOf'); // true
 * ```
 */
export const ARGUMENTS_FOR_KEYWORDS = [
  '$schema',
  '$id',
  '$ref',
  '$defs',
  'definitions',
  '$anchor',
  'type',
  'nullable',
  'enum',
  'const',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'prefixItems',
  'additionalItems',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'allOf',
  'anyOf',
  'oneOf',
] as const;

/**
 * The string formats `argumentsFor` generates, each passing ajv-formats (full mode).
 *
 * @example
 * ```ts
 * ARGUMENTS_FOR_FORMATS.includes('date-time'); // true
 * ```
 */
export const ARGUMENTS_FOR_FORMATS = [
  'date',
  'date-time',
  'time',
  'email',
  'uri',
  'uuid',
  'ipv4',
  'ipv6',
  'hostname',
] as const;

/**
 * Keywords that constrain values and that `argumentsFor` cannot honour, so it throws an
 * {@link UnsupportedSchemaError} naming the keyword and where it sits rather than generating
 * values that might break them. Under `enum` or `const` they are fine: the listed values
 * are checked against the whole schema with Ajv, whatever it holds.
 *
 * @example
 * ```ts
 * ARGUMENTS_FOR_UNSUPPORTED_KEYWORDS.includes('not'); // true
 * ```
 */
export const ARGUMENTS_FOR_UNSUPPORTED_KEYWORDS = [
  'not',
  'if',
  'then',
  'else',
  'patternProperties',
  'propertyNames',
  'dependentSchemas',
  'dependentRequired',
  'dependencies',
  'contains',
  'minContains',
  'maxContains',
  'minProperties',
  'maxProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  '$dynamicRef',
  '$dynamicAnchor',
  '$recursiveRef',
  '$recursiveAnchor',
  'formatMinimum',
  'formatMaximum',
  'formatExclusiveMinimum',
  'formatExclusiveMaximum',
] as const;

const UNSUPPORTED = new Set<string>(ARGUMENTS_FOR_UNSUPPORTED_KEYWORDS);

/**
 * Thrown when a schema uses a keyword (or a form of one) that the arbitraries cannot honour.
 * `keyword` names it and `schemaPath` says where it sits, as a JSON pointer fragment.
 *
 * @example
 * ```ts
 * try {
 *   argumentsFor({ type: 'object', not: { required: ['a'] } });
 * } catch (error) {
 *   if (error instanceof UnsupportedSchemaError) console.log(error.keyword, error.schemaPath); // 'not' '#/not'
 * }
 * ```
 */
export class UnsupportedSchemaError extends Error {
  readonly keyword: string;
  readonly schemaPath: string;
  /** Why it cannot be honoured, in words that follow the keyword and its path. */
  readonly why: string;

  constructor(keyword: string, schemaPath: string, why: string) {
    super(libraryMessage(`argumentsFor cannot honour "${keyword}" at ${schemaPath}: ${why}`));
    this.name = 'UnsupportedSchemaError';
    this.keyword = keyword;
    this.schemaPath = schemaPath;
    this.why = why;
  }
}

/**
 * A pointer as the fragment a reader would paste into a `$ref`.
 *
 * @example
 * ```ts
 * schemaPathText('/properties/note/not'); // '#/properties/note/not'
 * ```
 */
export function schemaPathText(pointer: string): string {
  return `#${pointer}`;
}

/** The first keyword of a schema object that argumentsFor cannot honour, if any. */
function firstUnsupportedKeyword(schema: Readonly<Record<string, unknown>>): string | null {
  for (const key of Object.keys(schema)) {
    if (UNSUPPORTED.has(key)) return key;
  }
  return null;
}

/**
 * Throws for the first keyword of the schema that argumentsFor cannot honour.
 *
 * @example
 * ```ts
 * assertSupportedKeywords({ type: 'string', not: {} }, '/properties/a'); // throws, naming "not" at #/properties/a/not
 * ```
 */
export function assertSupportedKeywords(
  schema: Readonly<Record<string, unknown>>,
  pointer: string,
): void {
  const keyword = firstUnsupportedKeyword(schema);
  if (keyword === null) return;
  throw new UnsupportedSchemaError(
    keyword,
    schemaPathText(`${pointer}/${escapePointerToken(keyword)}`),
    UNSUPPORTED_WHY.get(keyword) ?? 'this keyword is not among the ones argumentsFor generates for',
  );
}

const UNSUPPORTED_WHY: ReadonlyMap<string, string> = new Map([
  ['not', 'values cannot be generated to avoid an arbitrary shape'],
  ['if', 'conditional schemas (if/then/else) are not generated for'],
  ['then', 'conditional schemas (if/then/else) are not generated for'],
  ['else', 'conditional schemas (if/then/else) are not generated for'],
  ['patternProperties', 'keys matching a pattern are not generated'],
  ['propertyNames', 'key names are not constrained by a schema here'],
  ['contains', 'arrays are not built to contain a matching item'],
  ['dependentRequired', 'keys that depend on other keys are not generated'],
  ['dependentSchemas', 'schemas that depend on other keys are not generated'],
  ['dependencies', 'keys that depend on other keys are not generated'],
  ['minProperties', 'the number of keys is not controlled'],
  ['maxProperties', 'the number of keys is not controlled'],
  ['unevaluatedProperties', 'unevaluated keywords need annotation tracking'],
  ['unevaluatedItems', 'unevaluated keywords need annotation tracking'],
  ['$dynamicRef', 'dynamic references are not resolved'],
  ['$recursiveRef', 'recursive references (2019-09) are not resolved'],
]);
