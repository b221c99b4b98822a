import type { ErrorObject } from 'ajv';
import { formatCount } from '../text/count.js';
import { describeJsonType, previewJson } from '../text/describe-value.js';
import { shortList } from '../text/list.js';
import type { PathStep } from '../text/path.js';
import { plural } from '../text/plural.js';
import { renderPath } from './argument-path.js';
import { escapePointerToken, pointerTokens } from './json-pointer.js';
import { isAtOrUnder, type Membership, type SchemaIndex } from './schema-index.js';

/** How many of an enum's allowed values a violation line lists before "and N more". */
const ENUM_VALUES_SHOWN = 8;

/** Keywords whose own line explains the errors Ajv raised inside their subschemas. */
const SUMMARISING_KEYWORDS = new Set(['anyOf', 'oneOf', 'contains', 'propertyNames']);

/** Keywords whose error names a property of the object at `instancePath`. */
const NAMED_PROPERTY_PARAM: Readonly<Record<string, string>> = {
  required: 'missingProperty',
  dependentRequired: 'missingProperty',
  dependencies: 'missingProperty',
  additionalProperties: 'additionalProperty',
  unevaluatedProperties: 'unevaluatedProperty',
};

/** Order of lines that share a path: what it is, then what it lacks, then finer limits. */
const KEYWORD_ORDER = [
  'false schema',
  'type',
  'const',
  'enum',
  'required',
  'dependentRequired',
  'dependencies',
  'additionalProperties',
  'unevaluatedProperties',
  'propertyNames',
  'minProperties',
  'maxProperties',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'exclusiveMinimum',
  'maximum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'items',
  'additionalItems',
  'unevaluatedItems',
  'uniqueItems',
  'contains',
  'anyOf',
  'oneOf',
  'not',
  'if',
];

/**
 * Decides, for an error raised before a summarising error (`anyOf`, `oneOf`, `contains`,
 * `propertyNames`), whether it came from inside that keyword's subschemas.
 *
 * @example
 * const always: MembershipTest = () => 'unsure'; // keeps every branch error
 */
export type MembershipTest = (member: ErrorObject, owner: ErrorObject) => Membership;

/**
 * Membership read from Ajv's `schemaPath` alone. Right within one compiled function;
 * errors from a `$ref` target carry a path relative to that target and come back 'unsure'.
 * Used for meta-schema errors, whose schema objects we do not index.
 *
 * @example
 * describeViolations(ajv.errors ?? [], schema, 'schema', membershipBySchemaPath);
 */
export const membershipBySchemaPath: MembershipTest = (member, owner) =>
  member.schemaPath.startsWith(`${owner.schemaPath}/`) ? 'inside' : 'unsure';

/**
 * Membership read from where each error's `parentSchema` object really sits in the compiled
 * schema, following `$ref`s out of the owner's subschemas (see SchemaIndex). The index is
 * asked for only when a summarising error needs it.
 *
 * @example
 * describeViolations(validate.errors ?? [], value, 'arguments', membershipByLocation(() => indexSchema(schema)));
 */
export function membershipByLocation(indexOf: () => SchemaIndex): MembershipTest {
  return (member, owner) => {
    const index = indexOf();
    const ownerObject = index.pointerOf(owner.parentSchema);
    const memberObject = index.pointerOf(member.parentSchema);
    if (ownerObject === undefined || memberObject === undefined) {
      return membershipBySchemaPath(member, owner);
    }
    const ownerKeyword = `${ownerObject}/${escapePointerToken(owner.keyword)}`;
    if (isAtOrUnder(memberObject, ownerKeyword)) return 'inside';
    const targets = index.refTargetsFrom(ownerKeyword);
    if (targets === 'everything') return 'inside';
    for (const target of targets) {
      if (isAtOrUnder(memberObject, target)) return 'inside';
    }
    return 'outside';
  };
}

interface Line {
  steps: PathStep[];
  rank: number;
  text: string;
}

/**
 * Turns Ajv's errors into one readable line per violation, sorted by path, then keyword,
 * then text, without duplicates. An `anyOf`/`oneOf` (and `contains`, `propertyNames`)
 * gets one line, and the errors Ajv raised while trying its branches are dropped.
 * Needs errors from an Ajv instance with `verbose: true` (for the values and schemas).
 *
 * @example
 * describeViolations(errors, { amount_cents: '1200' }, 'arguments', membershipBySchemaPath);
 * // ['arguments.amount_cents: expected integer, got string']
 */
export function describeViolations(
  errors: readonly ErrorObject[],
  value: unknown,
  rootLabel: string,
  belongsTo: MembershipTest,
): string[] {
  const explained = findExplainedErrors(errors, belongsTo);
  const lines: Line[] = [];
  errors.forEach((error, position) => {
    if (explained.has(position)) return;
    const propertyParam = NAMED_PROPERTY_PARAM[error.keyword];
    const namedProperty = propertyParam === undefined ? undefined : paramOf(error, propertyParam);
    const path = renderPath(
      rootLabel,
      pointerTokens(error.instancePath),
      value,
      typeof namedProperty === 'string' ? namedProperty : undefined,
    );
    const rank = KEYWORD_ORDER.indexOf(error.keyword);
    lines.push({
      steps: path.steps,
      rank: rank === -1 ? KEYWORD_ORDER.length : rank,
      text: `${path.text}: ${describeError(error)}`,
    });
  });
  lines.sort(compareLines);
  return [...new Set(lines.map((line) => line.text))];
}

/**
 * Ajv raises a summarising keyword's error right after the errors of the subschemas it
 * tried, as one contiguous run that all sits at or under the same instance path; walk
 * back from each summary through that run.
 */
function findExplainedErrors(
  errors: readonly ErrorObject[],
  belongsTo: MembershipTest,
): Set<number> {
  const explained = new Set<number>();
  errors.forEach((owner, ownerPosition) => {
    if (!SUMMARISING_KEYWORDS.has(owner.keyword)) return;
    for (let position = ownerPosition - 1; position >= 0; position -= 1) {
      const member = errors[position] as ErrorObject;
      if (!isAtOrUnder(member.instancePath, owner.instancePath)) break;
      const membership = belongsTo(member, owner);
      if (membership === 'outside') break;
      if (membership === 'inside') explained.add(position);
    }
  });
  return explained;
}

function compareLines(left: Line, right: Line): number {
  const shared = Math.min(left.steps.length, right.steps.length);
  for (let index = 0; index < shared; index += 1) {
    const order = compareSteps(left.steps[index] as PathStep, right.steps[index] as PathStep);
    if (order !== 0) return order;
  }
  if (left.steps.length !== right.steps.length) return left.steps.length - right.steps.length;
  if (left.rank !== right.rank) return left.rank - right.rank;
  return compareText(left.text, right.text);
}

function compareSteps(left: PathStep, right: PathStep): number {
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  if (typeof left === 'number') return -1;
  if (typeof right === 'number') return 1;
  return compareText(left, right);
}

/** Code-unit order: the same on every machine, whatever its locale. */
function compareText(left: string, right: string): number {
  if (left === right) return 0;
  return left < right ? -1 : 1;
}

function paramOf(error: ErrorObject, name: string): unknown {
  const params: Readonly<Record<string, unknown>> = error.params;
  return Object.hasOwn(params, name) ? params[name] : undefined;
}

function describeError(error: ErrorObject): string {
  const data: unknown = error.data;
  const shown = previewOf(data);
  const rawLimit = paramOf(error, 'limit');
  const limit = String(rawLimit);
  // A length limit is a count, written like the count beside it ("1,000 items ... of 1,000").
  const countLimit = typeof rawLimit === 'number' ? formatCount(rawLimit) : limit;
  switch (error.keyword) {
    case 'type':
      return `expected ${listTypes(paramOf(error, 'type'))}, got ${describeJsonType(data)}`;
    case 'enum': {
      const allowed = paramOf(error, 'allowedValues');
      if (!Array.isArray(allowed)) return `${shown} is not one of the declared values`;
      // The values themselves, so the reader sees the near miss ("gbp" beside "usd", "eur").
      const listed = shortList(
        allowed.slice(0, ENUM_VALUES_SHOWN).map((value) => previewOf(value)),
        ENUM_VALUES_SHOWN,
        allowed.length,
      );
      return allowed.length === 1
        ? `${shown} is not the one declared value, ${listed}`
        : `${shown} is not one of the ${plural(allowed.length, 'declared value')}: ${listed}`;
    }
    case 'const':
      return `expected the constant ${previewJson(paramOf(error, 'allowedValue'))}, got ${shown}`;
    case 'required':
      return 'required and missing';
    case 'dependentRequired':
    case 'dependencies':
      return `required when ${JSON.stringify(paramOf(error, 'property'))} is present, and missing`;
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return 'not declared, and the schema forbids extra keys';
    case 'minimum':
      return `${shown} is below the minimum of ${limit}`;
    case 'maximum':
      return `${shown} is above the maximum of ${limit}`;
    case 'exclusiveMinimum':
      return `${shown} is not above the exclusive minimum of ${limit}`;
    case 'exclusiveMaximum':
      return `${shown} is not below the exclusive maximum of ${limit}`;
    case 'multipleOf':
      return `${shown} is not a multiple of ${String(paramOf(error, 'multipleOf'))}`;
    case 'minLength':
      return `${shown} is ${plural(characterCount(data), 'character')} long, shorter than the minimum of ${countLimit}`;
    case 'maxLength':
      return `${shown} is ${plural(characterCount(data), 'character')} long, longer than the maximum of ${countLimit}`;
    case 'pattern':
      return `${shown} does not match the pattern ${String(paramOf(error, 'pattern'))}`;
    case 'format':
      return `${shown} is not a valid ${String(paramOf(error, 'format'))}`;
    case 'minItems':
      return `has ${plural(lengthOf(data), 'item')}, fewer than the minimum of ${countLimit}`;
    case 'maxItems':
      return `has ${plural(lengthOf(data), 'item')}, more than the maximum of ${countLimit}`;
    case 'items':
    case 'additionalItems':
    case 'unevaluatedItems':
      return `has ${plural(lengthOf(data), 'item')}, but the schema allows only ${countLimit}`;
    case 'uniqueItems':
      return `items [${String(paramOf(error, 'j'))}] and [${String(paramOf(error, 'i'))}] are identical, but the schema requires unique items`;
    case 'minProperties':
      return `has ${plural(keyCount(data), 'key')}, fewer than the minimum of ${countLimit}`;
    case 'maxProperties':
      return `has ${plural(keyCount(data), 'key')}, more than the maximum of ${countLimit}`;
    case 'propertyNames':
      return `the key ${JSON.stringify(paramOf(error, 'propertyName'))} is not an allowed property name`;
    case 'contains':
      return describeContains(paramOf(error, 'minContains'), paramOf(error, 'maxContains'));
    case 'not':
      return 'matches the shape that "not" rules out';
    case 'if':
      return paramOf(error, 'failingKeyword') === 'else'
        ? 'does not match the "if" condition, nor the "else" shape required then'
        : 'matches the "if" condition but not the "then" shape it requires';
    case 'anyOf':
      return describeNoBranch(error.schema);
    case 'oneOf': {
      const passing = paramOf(error, 'passingSchemas');
      return Array.isArray(passing)
        ? `matches ${passing.length} of the oneOf shapes, but exactly one is allowed`
        : describeNoBranch(error.schema);
    }
    case 'false schema':
      return 'no value is allowed here (the schema is false)';
    default:
      return error.message ?? `fails the "${error.keyword}" keyword`;
  }
}

function describeNoBranch(branches: unknown): string {
  if (!Array.isArray(branches)) return 'matches none of the allowed shapes';
  return branches.length === 1
    ? 'does not match the one allowed shape'
    : `matches none of the ${plural(branches.length, 'allowed shape')}`;
}

function describeContains(minimum: unknown, maximum: unknown): string {
  if (maximum !== undefined) {
    return `needs between ${String(minimum)} and ${String(maximum)} items matching the "contains" shape`;
  }
  if (minimum === 1) return 'no item matches the "contains" shape';
  return `needs at least ${String(minimum)} items matching the "contains" shape`;
}

export function listTypes(types: unknown): string {
  const names = Array.isArray(types) ? types.map(String) : String(types).split(',');
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

/**
 * The value as a message shows it. A number too large for a double (`1e400`) parsed as
 * Infinity, which JSON would print as null; a long string is cut before it is encoded, since
 * only 40 characters are shown.
 */
export function previewOf(data: unknown): string {
  if (typeof data === 'number' && !Number.isFinite(data)) return String(data);
  return previewJson(
    typeof data === 'string' && data.length > PREVIEW_SLICE ? data.slice(0, PREVIEW_SLICE) : data,
  );
}

/** Longer strings are cut before they are JSON-encoded for a 40-character preview. */
const PREVIEW_SLICE = 200;

/**
 * Code points, as Ajv counts them for minLength/maxLength. Counted in place: spreading a 100 MB
 * argument into an array of characters took seconds and gigabytes.
 */
function characterCount(value: unknown): number {
  if (typeof value !== 'string') return 0;
  let count = value.length;
  for (let i = 0; i < value.length - 1; i += 1) {
    const unit = value.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count -= 1;
        i += 1;
      }
    }
  }
  return count;
}

function lengthOf(value: unknown): number {
  return Array.isArray(value) ? value.length : 0;
}

function keyCount(value: unknown): number {
  return typeof value === 'object' && value !== null ? Object.keys(value).length : 0;
}
