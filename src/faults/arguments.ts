/**
 * The arguments fault injection writes, drawn from a seed through the one generator the
 * arbitraries use (`src/values/`, its seeded interpreter): a valid value for a tool's schema,
 * the same value broken in one place at its top level, and the same value written as text that
 * is no JSON. Every value is held to the validator the diagnoses use: a schema whose keywords
 * cannot all be honoured by construction is drawn leniently and checked, and one no value passes
 * is reported, never sent.
 */
import { isRecord, type JsonValue } from '../model/narrow.js';
import { checkArguments } from '../schema/check-arguments.js';
import { type AnalysedSchema, analyseSchema, NoValueError } from '../values/analyse-schema.js';
import type { Gen } from '../values/gen.js';
import { UnsupportedSchemaError } from '../values/keywords.js';
import { MALFORMED_FAMILIES, type MalformedFamily, malformedOf } from '../values/malformed.js';
import type { Random } from '../values/random.js';
import { SEEDED, sample } from '../values/seeded.js';
import { type ViolatingArguments, type ViolationKind, violationsOf } from '../values/violations.js';

/** How many draws a schema gets before its arguments are called unsatisfiable. */
const ATTEMPTS = 6;
/** Arguments are shallow and short: deep recursion and long lists make no better fault. */
const LIMITS = { maxDepth: 2, maxItems: 3 };

/** A valid value, or why none could be drawn (the validator's first problem). */
export type Drawn = { ok: true; value: JsonValue } | { ok: false; problem: string };

/** Why a schema gave no value, in words that follow the tool's name. */
function messageOf(error: unknown): string {
  if (error instanceof NoValueError) return `no value the schema accepts: ${error.reason}`;
  if (error instanceof UnsupportedSchemaError) {
    return `"${error.keyword}" at ${error.schemaPath} cannot be honoured: ${error.why}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * What a schema gives fault injection, read once: generators for valid values (drawn leniently,
 * and checked) and for values broken at the top level, or why there are none.
 */
interface Prepared {
  valid: Gen<JsonValue> | { problem: string };
  /** `null` when the schema leaves no room at its top level (or cannot be read for it). */
  violations: Gen<ViolatingArguments> | null;
}

/** Schemas read lately, by their JSON: a handler set answers the same tools again and again. */
const PREPARED = new Map<string, Prepared>();
const PREPARED_CAPACITY = 64;

function prepared(schema: unknown): Prepared {
  const key = JSON.stringify(schema) ?? 'undefined';
  const known = PREPARED.get(key);
  if (known !== undefined) {
    // Most recently used last: the first key is the one to drop.
    PREPARED.delete(key);
    PREPARED.set(key, known);
    return known;
  }
  const made = prepare(schema);
  PREPARED.set(key, made);
  if (PREPARED.size > PREPARED_CAPACITY) {
    const oldest = PREPARED.keys().next().value;
    if (oldest !== undefined) PREPARED.delete(oldest);
  }
  return made;
}

function prepare(schema: unknown): Prepared {
  const read = (lenient: boolean) =>
    analyseSchema(isRecord(schema) ? schema : {}, { ...LIMITS, lenient }, 'faultHandlers', SEEDED);
  let valid: Prepared['valid'];
  let strict: AnalysedSchema | undefined;
  try {
    strict = read(false);
  } catch {
    // Keywords no value is built to honour (zod's date is a format and a pattern): drawn
    // leniently, and only the values the validator passes are kept.
  }
  let lenient: AnalysedSchema | undefined;
  try {
    lenient = strict ?? read(true);
    valid = lenient.root.gen;
  } catch (error) {
    return { valid: { problem: messageOf(error) }, violations: null };
  }
  try {
    const base =
      strict === undefined
        ? SEEDED.filter(lenient.root.gen, (value) => checkArguments(schema, value).kind === 'valid')
        : undefined;
    let violations: Gen<ViolatingArguments> | null = null;
    try {
      violations = violationsOf(lenient, SEEDED, { maxSiteDepth: 1, base }, 'faultHandlers');
    } catch {
      violations = null;
    }
    return { valid, violations };
  } finally {
    lenient.document.dispose();
  }
}

/**
 * A value the schema accepts, checked by the diagnoses' own validator.
 *
 * @example
 * validArguments({ type: 'object', properties: { qty: { type: 'integer', minimum: 1 } }, required: ['qty'] }, random);
 * // { ok: true, value: { qty: 3 } }
 */
export function validArguments(schema: unknown, random: Random): Drawn {
  const { valid } = prepared(schema);
  if ('problem' in valid) return { ok: false, problem: valid.problem };
  let problem = 'no value was drawn';
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    let value: JsonValue;
    try {
      value = sample(valid as Gen<JsonValue>, random);
    } catch (error) {
      problem = messageOf(error);
      continue;
    }
    const check = checkArguments(schema, value);
    if (check.kind === 'valid') return { ok: true, value };
    if (check.kind === 'schema-invalid') {
      return { ok: false, problem: `the schema cannot be used (${check.reason})` };
    }
    problem =
      check.kind === 'invalid' ? (check.problems[0] ?? 'invalid') : 'the value nests too deep';
  }
  return { ok: false, problem };
}

/** One violating call: its arguments as text and as the decoded value, and what broke. */
export interface ViolatingCall {
  /** The violation kind, or `empty-arguments` for an empty arguments string. */
  kind: ViolationKind | 'empty-arguments';
  text: string;
  value: JsonValue;
  /** The top-level key it broke, absent for an empty arguments string. */
  key?: string;
}

/**
 * A call whose arguments break the schema in one place at their top level, each kind of
 * violation the schema leaves room for as likely; where arguments travel as text and the tool
 * requires keys, an empty arguments string is one more. `undefined` when the schema leaves no
 * room.
 *
 * @example
 * violatingCall(schema, true, random); // { kind: 'missing-required', text: '{}', value: {}, key: 'order_id' }
 */
export function violatingCall(
  schema: unknown,
  asText: boolean,
  random: Random,
): ViolatingCall | undefined {
  const required = isRecord(schema) && Array.isArray(schema.required) ? schema.required : [];
  const empty = asText && required.length > 0;
  const { violations } = prepared(schema);
  // An empty string as often as each kind a schema has room for (up to six).
  if (empty && (violations === null || random.int(0, 6) === 0)) {
    return { kind: 'empty-arguments', text: '', value: {} };
  }
  if (violations === null) return undefined;
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    let drawn: ViolatingArguments;
    try {
      drawn = sample(violations, random);
    } catch {
      return undefined;
    }
    const { value, violation } = drawn;
    if (checkArguments(schema, value).kind !== 'invalid') continue;
    const key = /^arguments\.([^.[]+)/.exec(violation.path)?.[1];
    return {
      kind: violation.kind,
      text: JSON.stringify(value),
      value,
      ...(key === undefined ? {} : { key }),
    };
  }
  return undefined;
}

/**
 * `value` written as text that is no JSON and no prefix of JSON either, in one of the families
 * of malformed JSON models write, so it reads as unparseable rather than cut.
 *
 * @example
 * unparseableText({ order_id: 'A-1' }, random); // { family: 'single-quotes', text: "{'order_id': 'A-1'}" }
 */
export function unparseableText(
  value: JsonValue,
  random: Random,
): { family: MalformedFamily; text: string } {
  return sample(malformedOf(SEEDED, SEEDED.constant(value), MALFORMED_FAMILIES), random);
}
