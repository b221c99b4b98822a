import { isRecord } from '../model/narrow.js';
import { describeJsonType, previewJson } from '../text/describe-value.js';
import { errorText } from './canonical.js';
import { compileSchema } from './compile-cache.js';
import { MAX_VALIDATION_DEPTH, measureNestingDepth, nestsWithin } from './depth.js';
import { describeViolations, membershipByLocation } from './wording.js';

/** What validating a tool call's arguments against the tool's declared schema found. */
export type SchemaCheck =
  | { kind: 'valid' }
  /** One readable line per violation, sorted by path then keyword, without duplicates. */
  | { kind: 'invalid'; problems: string[] }
  /** The declared schema cannot be used: a finding about the tool, never a throw. */
  | { kind: 'schema-invalid'; reason: string }
  /** The value nests deeper than we validate (protects the stack). */
  | { kind: 'too-deep'; depth: number; limit: number };

/** One shared answer for the common case, so a valid call allocates nothing here. */
const VALID: SchemaCheck = Object.freeze({ kind: 'valid' });

/**
 * Validates a tool call's parsed arguments against the JSON Schema the tool declared, and
 * words every violation as one line rooted at `arguments`. Never throws, whatever it is given.
 *
 * - Schemas with no `$schema`, or a 2020-12 one, use draft 2020-12 (draft-07 shapes such as
 *   tuple `items` are read as meant); draft-07/06/04 `$schema` URIs use draft-07.
 * - `true` accepts anything and `false` rejects everything, as JSON Schema says; any other
 *   non-object schema, one Ajv cannot compile, or a `$ref` that would need fetching is
 *   `schema-invalid`.
 * - A value nesting deeper than MAX_VALIDATION_DEPTH (or containing itself) is `too-deep`.
 * - Each distinct schema (by content) is compiled once and cached.
 *
 * @example
 * checkArguments(
 *   { type: 'object', required: ['qty'], properties: { qty: { type: 'integer', minimum: 1 } } },
 *   { qty: 0 },
 * );
 * // { kind: 'invalid', problems: ['arguments.qty: 0 is below the minimum of 1'] }
 */
export function checkArguments(schema: unknown, value: unknown): SchemaCheck {
  return checkParsedArguments(schema, value, false);
}

/**
 * {@link checkArguments} for a value just parsed from a JSON text that has been shown to nest
 * no deeper than MAX_VALIDATION_DEPTH (see `textNestsWithin`), so the value need not be walked.
 * `root` names the value in each line: `arguments`, or `structuredContent` for a tool's result.
 */
export function checkParsedArguments(
  schema: unknown,
  value: unknown,
  depthShownByText: boolean,
  root = 'arguments',
): SchemaCheck {
  try {
    if (schema === true) return VALID;
    if (schema === false) {
      return {
        kind: 'invalid',
        problems: [`${root}: no value is allowed (the schema is false)`],
      };
    }
    if (!isRecord(schema)) {
      return { kind: 'schema-invalid', reason: describeNonSchema(schema) };
    }
    const compiled = compileSchema(schema);
    if (compiled.kind === 'schema-invalid') return compiled;
    if (!depthShownByText && !nestsWithin(value, MAX_VALIDATION_DEPTH)) {
      const depth = measureNestingDepth(value);
      if (depth > MAX_VALIDATION_DEPTH) {
        return { kind: 'too-deep', depth, limit: MAX_VALIDATION_DEPTH };
      }
    }
    let valid: boolean;
    try {
      valid = compiled.validate(value) === true;
    } catch (error) {
      if (error instanceof RangeError) {
        return {
          kind: 'schema-invalid',
          reason:
            'validating ran out of call stack: the schema refers to itself ($ref) without descending into the value',
        };
      }
      return { kind: 'schema-invalid', reason: `validating threw: ${errorText(error)}` };
    }
    if (valid) return VALID;
    // Validated again, verbosely, for errors that carry the values and schemas the wording reads.
    const explain = compiled.explainOnce();
    explain(value);
    const problems = describeViolations(
      explain.errors ?? compiled.validate.errors ?? [],
      value,
      root,
      membershipByLocation(compiled.indexOnce),
    );
    return {
      kind: 'invalid',
      problems: problems.length > 0 ? problems : [`${root}: does not match the schema`],
    };
  } catch (error) {
    return {
      kind: 'schema-invalid',
      reason: `checking the arguments failed unexpectedly: ${errorText(error)}`,
    };
  }
}

/**
 * Why a declared schema cannot be used to check anything (it is no schema, or Ajv cannot compile
 * it), or `undefined` when it can: the `schema-invalid` reason {@link checkArguments} gives, asked
 * before any value comes. Never throws.
 *
 * @example
 * schemaProblem({ type: 'integr' }); // 'it is not valid JSON Schema draft 2020-12: schema.type: "integr" is not one of …'
 * schemaProblem({ type: 'object' }); // undefined
 */
export function schemaProblem(schema: unknown): string | undefined {
  try {
    if (typeof schema === 'boolean') return undefined;
    if (!isRecord(schema)) return describeNonSchema(schema);
    const compiled = compileSchema(schema);
    return compiled.kind === 'schema-invalid' ? compiled.reason : undefined;
  } catch (error) {
    return `compiling the schema failed unexpectedly: ${errorText(error)}`;
  }
}

function describeNonSchema(schema: unknown): string {
  const type = describeJsonType(schema);
  const scalar = type === 'string' || type === 'number' || type === 'integer' || type === 'boolean';
  const shown = scalar ? ` ${previewJson(schema)}` : '';
  return `a schema must be a JSON object or a boolean, got ${type}${shown}`;
}
