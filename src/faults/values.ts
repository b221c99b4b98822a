/**
 * Arguments for fault injection, drawn from a seed: a valid value for a tool's schema, the one
 * place it breaks (each violation family), and JSON text that does not parse. fast-check's
 * `argumentsFor` is richer, but the msw face loads no fast-check, so this draws plain values
 * (ids, words, small numbers, the listed formats) and holds every one to the validator the
 * diagnoses use: a value that does not pass is never sent, the schema is reported instead.
 */
import { describeJson } from '../json/index.js';
import { isRecord, type Json } from '../model/narrow.js';
import { checkArguments } from '../schema/check-arguments.js';
import type { JsonValue } from '../surfaces/payload.js';
import type { Random } from './random.js';

/** How many draws a schema gets before its arguments are called unsatisfiable. */
const ATTEMPTS = 6;
const MAX_DEPTH = 6;

const WORDS = ['order', 'refund', 'parcel', 'invoice', 'status', 'customer', 'late', 'express'];
const FORMATS: Readonly<Record<string, readonly string[]>> = {
  date: ['2025-03-14', '2026-11-02'],
  'date-time': ['2025-03-14T09:30:00Z', '2026-11-02T17:05:12+01:00'],
  time: ['09:30:00Z', '17:05:12+01:00'],
  email: ['ana@example.com', 'support@shop.example'],
  uri: ['https://example.com/orders/A-1001', 'https://shop.example/refunds/42'],
  'uri-reference': ['/orders/A-1001'],
  url: ['https://example.com/orders/A-1001'],
  uuid: ['3f1c2b7e-8a4d-4c59-9e21-6b0d5f7a9c13', 'a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d'],
  hostname: ['api.example.com'],
  ipv4: ['192.0.2.17'],
  ipv6: ['2001:db8::17'],
};
/** A string that is not of the format, for the `format` violation. */
const NOT_FORMATS: Readonly<Record<string, string>> = {
  date: '14/03/2025',
  'date-time': '2025-03-14 9:30',
  time: '9.30am',
  email: 'ana.example.com',
  uri: 'orders/A-1001',
  url: 'orders/A-1001',
  uuid: 'A-1001',
  hostname: 'api example com',
  ipv4: '192.0.2',
  ipv6: '2001:db8:::17:::',
};

/** A valid value, or why none could be drawn (the validator's first problem). */
export type Drawn = { ok: true; value: JsonValue } | { ok: false; problem: string };

/**
 * A value the schema accepts, checked by the diagnoses' own validator.
 *
 * @example
 * ```ts
 * validArguments({ type: 'object', properties: { qty: { type: 'integer', minimum: 1 } }, required: ['qty'] }, random);
 * // { ok: true, value: { qty: 3 } }
 * ```
 */
export function validArguments(schema: unknown, random: Random): Drawn {
  let problem = 'no value was drawn';
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const value = draw(schema, schema, random, 0, attempt > 2);
    const check = checkArguments(schema, value);
    if (check.kind === 'valid') return { ok: true, value };
    problem =
      check.kind === 'invalid'
        ? (check.problems[0] ?? 'invalid')
        : check.kind === 'schema-invalid'
          ? `the schema cannot be used (${check.reason})`
          : 'the value nests too deep';
    if (check.kind === 'schema-invalid') break;
  }
  return { ok: false, problem };
}

function resolve(schema: unknown, root: unknown, depth: number): Json | undefined {
  let node = schema;
  for (let hops = 0; hops < 8 && isRecord(node) && typeof node.$ref === 'string'; hops += 1) {
    const ref = node.$ref;
    if (!ref.startsWith('#')) return undefined;
    let target: unknown = root;
    for (const token of ref.slice(1).split('/').filter(Boolean)) {
      const key = decodeURIComponent(token).replaceAll('~1', '/').replaceAll('~0', '~');
      target = isRecord(target) ? target[key] : undefined;
    }
    const { $ref: _ref, ...rest } = node;
    node = isRecord(target) ? { ...target, ...rest } : undefined;
  }
  if (!isRecord(node) || depth > MAX_DEPTH) return undefined;
  if (Array.isArray(node.allOf)) {
    const merged: Json = { ...node };
    delete merged.allOf;
    for (const part of node.allOf) {
      const resolved = resolve(part, root, depth);
      if (resolved === undefined) continue;
      for (const [key, value] of Object.entries(resolved)) {
        if (key === 'properties' && isRecord(value) && isRecord(merged.properties))
          merged.properties = { ...merged.properties, ...value };
        else if (key === 'required' && Array.isArray(value) && Array.isArray(merged.required))
          merged.required = [...merged.required, ...value];
        else if (!(key in merged)) merged[key] = value;
      }
    }
    return merged;
  }
  return node;
}

const TYPES = ['string', 'integer', 'number', 'boolean', 'object', 'array', 'null'];

function typeOf(node: Json): string | undefined {
  if (typeof node.type === 'string') return node.type;
  if (Array.isArray(node.type)) {
    const types = node.type.filter((type): type is string => typeof type === 'string');
    return types.find((type) => type !== 'null') ?? types[0];
  }
  if (isRecord(node.properties) || Array.isArray(node.required)) return 'object';
  if (node.items !== undefined || Array.isArray(node.prefixItems)) return 'array';
  if (node.format !== undefined || node.pattern !== undefined || node.minLength !== undefined)
    return 'string';
  if (node.minimum !== undefined || node.maximum !== undefined) return 'number';
  return undefined;
}

function draw(
  schema: unknown,
  root: unknown,
  random: Random,
  depth: number,
  fullObjects: boolean,
): JsonValue {
  const node = resolve(schema, root, depth);
  if (node === undefined) return depth > MAX_DEPTH ? null : random.pick(WORDS);
  if (node.const !== undefined) return node.const as JsonValue;
  if (Array.isArray(node.enum) && node.enum.length > 0) return random.pick(node.enum) as JsonValue;
  const branches = Array.isArray(node.anyOf)
    ? node.anyOf
    : Array.isArray(node.oneOf)
      ? node.oneOf
      : undefined;
  if (branches !== undefined && branches.length > 0) {
    const { anyOf: _any, oneOf: _one, ...rest } = node;
    const branch = resolve(random.pick(branches), root, depth + 1) ?? {};
    return draw({ ...rest, ...branch }, root, random, depth + 1, fullObjects);
  }
  const type = typeOf(node);
  switch (type) {
    case 'object':
      return drawObject(node, root, random, depth, fullObjects);
    case 'array': {
      const min = typeof node.minItems === 'number' ? node.minItems : 0;
      const max = typeof node.maxItems === 'number' ? node.maxItems : min + 2;
      const count = Math.min(max, Math.max(min, random.int(min === 0 ? 1 : min, min + 1)));
      const prefix = Array.isArray(node.prefixItems) ? node.prefixItems : [];
      const items: JsonValue[] = [];
      for (let index = 0; index < Math.max(count, prefix.length); index += 1) {
        const itemSchema = index < prefix.length ? prefix[index] : node.items;
        items.push(draw(itemSchema ?? {}, root, random, depth + 1, fullObjects));
      }
      return items;
    }
    case 'integer':
    case 'number':
      return drawNumber(node, random, type === 'integer');
    case 'boolean':
      return random.chance(0.5);
    case 'null':
      return null;
    default:
      return drawString(node, random);
  }
}

function drawObject(
  node: Json,
  root: unknown,
  random: Random,
  depth: number,
  fullObjects: boolean,
): JsonValue {
  const properties = isRecord(node.properties) ? node.properties : {};
  const required = new Set(
    Array.isArray(node.required) ? node.required.filter((key) => typeof key === 'string') : [],
  );
  const out: { [key: string]: JsonValue } = {};
  for (const [key, property] of Object.entries(properties)) {
    if (required.has(key) || fullObjects || random.chance(0.6))
      out[key] = draw(property, root, random, depth + 1, fullObjects);
  }
  for (const key of required) {
    if (!(key in out)) out[key] = draw(properties[key] ?? {}, root, random, depth + 1, fullObjects);
  }
  return out;
}

function drawNumber(node: Json, random: Random, integer: boolean): number {
  const bound = (key: string) => (typeof node[key] === 'number' ? (node[key] as number) : null);
  const exclusiveMin = bound('exclusiveMinimum');
  const exclusiveMax = bound('exclusiveMaximum');
  let low =
    bound('minimum') ?? (exclusiveMin === null ? null : exclusiveMin + (integer ? 1 : 0.01));
  let high =
    bound('maximum') ?? (exclusiveMax === null ? null : exclusiveMax - (integer ? 1 : 0.01));
  if (low === null) low = high === null ? 1 : Math.min(1, high - 100);
  if (high === null) high = Math.max(low + 100, 500);
  if (integer) {
    low = Math.ceil(low);
    high = Math.floor(high);
  }
  const step = bound('multipleOf');
  if (step !== null && step > 0) {
    const first = Math.ceil(low / step);
    const last = Math.floor(high / step);
    const count = last >= first ? random.int(first, Math.min(last, first + 20)) : first;
    return Number((count * step).toPrecision(12));
  }
  if (integer || random.chance(0.5)) return random.int(Math.ceil(low), Math.floor(high));
  return Math.round((low + random.next() * (high - low)) * 100) / 100;
}

function drawString(node: Json, random: Random): string {
  const format = typeof node.format === 'string' ? FORMATS[node.format] : undefined;
  let text = format
    ? random.pick(format)
    : random.chance(0.5)
      ? `A-${random.int(1000, 9999)}`
      : random.pick(WORDS);
  const min = typeof node.minLength === 'number' ? node.minLength : 0;
  const max = typeof node.maxLength === 'number' ? node.maxLength : Number.POSITIVE_INFINITY;
  if (typeof node.pattern === 'string') text = matchingPattern(node.pattern, text, random) ?? text;
  while (text.length < min) text += 'x';
  return text.length > max ? text.slice(0, max) : text;
}

/** A string the pattern matches: written from the pattern when it is simple, else a guess. */
function matchingPattern(pattern: string, drawn: string, random: Random): string | undefined {
  let test: RegExp;
  try {
    test = new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
  const written = sampleOfPattern(pattern, random);
  const candidates = [written, drawn, 'A-1001', '1001', 'abc'];
  return candidates.find((candidate) => candidate !== undefined && test.test(candidate));
}

/**
 * A string for the plain patterns tool schemas use (`^A-[0-9]{4}$`, `^[a-z_]+$`, `\d{3}`):
 * literals, classes, `\d \w \s .`, groups (the first alternative) and quantifiers (their
 * least count, at least one for `+`). `undefined` for what it cannot write (negated classes,
 * look-arounds, back-references): the caller tests the result with the real RegExp anyway.
 */
function sampleOfPattern(pattern: string, random: Random): string | undefined {
  let at = 0;
  const digits = '0123456789';
  const sequence = (): string | undefined => {
    let out = '';
    while (at < pattern.length && pattern[at] !== ')' && pattern[at] !== '|') {
      const atomStart = at;
      const atom = single();
      if (atom === undefined) return undefined;
      let count = 1;
      const quantifier = pattern[at];
      if (quantifier === '*' || quantifier === '?') {
        count = 0;
        at += 1;
      } else if (quantifier === '+') {
        at += 1;
      } else if (quantifier === '{') {
        const close = pattern.indexOf('}', at);
        const least = Number.parseInt(pattern.slice(at + 1, close), 10);
        if (close === -1 || Number.isNaN(least)) return undefined;
        count = least;
        at = close + 1;
      }
      if (pattern[at] === '?') at += 1;
      let repeated = '';
      for (let index = 0; index < count; index += 1) {
        if (index === 0) repeated += atom;
        else {
          // Draw each repetition afresh, so `[0-9]{4}` is not `1111`.
          const resume = at;
          at = atomStart;
          const again = single();
          at = resume;
          repeated += again ?? atom;
        }
      }
      out += repeated;
    }
    return out;
  };
  const single = (): string | undefined => {
    const character = pattern[at];
    if (character === undefined) return undefined;
    if (character === '^' || character === '$') {
      at += 1;
      return '';
    }
    if (character === '(') {
      at += 1;
      if (pattern[at] === '?') {
        if (pattern[at + 1] !== ':') return undefined;
        at += 2;
      }
      const first = sequence();
      while (pattern[at] === '|') {
        at += 1;
        sequence();
      }
      if (pattern[at] !== ')') return undefined;
      at += 1;
      return first;
    }
    if (character === '[') {
      const close = pattern.indexOf(']', at + 2);
      if (close === -1 || pattern[at + 1] === '^') return undefined;
      const body = pattern.slice(at + 1, close);
      at = close + 1;
      const range = /^(.)-(.)/u.exec(body);
      if (range?.[1] !== undefined && range[2] !== undefined) {
        const low = range[1].codePointAt(0) ?? 0;
        const high = range[2].codePointAt(0) ?? low;
        return String.fromCodePoint(random.int(low, Math.max(low, high)));
      }
      if (body.startsWith('\\d')) return random.pick([...digits]);
      return body.startsWith('\\') ? body[1] : body[0];
    }
    if (character === '\\') {
      const escaped = pattern[at + 1];
      at += 2;
      if (escaped === 'd') return random.pick([...digits]);
      if (escaped === 'w') return 'a';
      if (escaped === 's') return ' ';
      if (escaped === undefined || /[A-Za-z0-9]/.test(escaped)) return undefined;
      return escaped;
    }
    if (character === '.') {
      at += 1;
      return 'a';
    }
    if ('*+?{|)'.includes(character)) return undefined;
    at += 1;
    return character;
  };
  const first = sequence();
  return at === pattern.length || pattern[at] === '|' ? first : undefined;
}

/** Kinds of schema violation fault injection writes, each in one place at the top level. */
export type ViolationFamily =
  | 'wrong-type'
  | 'missing-required'
  | 'undeclared-key'
  | 'outside-enum'
  | 'format'
  | 'empty-arguments';

/** One violating call: its arguments as text and as the decoded value, and what broke. */
export interface ViolatingArguments {
  family: ViolationFamily;
  text: string;
  value: JsonValue;
  /** The key it broke, absent for an empty arguments string. */
  key?: string;
}

/**
 * One way to break this tool's valid arguments in one place that the validator rejects, the
 * family drawn by the seed among those the schema leaves room for (each checked only when drawn,
 * so an answer costs one or two validations); `empty-arguments` (an empty string, read as `{}`)
 * only where arguments travel as text. `undefined` when the schema leaves no room.
 *
 * @example
 * ```ts
 * violationOf(schema, { order_id: 'A-1' }, true, random); // { family: 'missing-required', text: '{}', value: {}, key: 'order_id' }
 * ```
 */
export function violationOf(
  schema: unknown,
  valid: JsonValue,
  asText: boolean,
  random: Random,
): ViolatingArguments | undefined {
  const node = resolve(schema, schema, 0);
  if (node === undefined || !isRecord(valid) || Array.isArray(valid)) return undefined;
  const properties = isRecord(node.properties) ? node.properties : {};
  const required = Array.isArray(node.required)
    ? node.required.filter((key): key is string => typeof key === 'string')
    : [];
  const present = Object.keys(valid);
  const propertyOf = (key: string) => resolve(properties[key], schema, 1);
  const replaced = (family: ViolationFamily, key: string, value: JsonValue) => ({
    family,
    key,
    value: { ...valid, [key]: value },
  });
  // Each family's candidate, built only when the seed reaches it.
  const families: Array<
    () => { family: ViolationFamily; key?: string; value: JsonValue; text?: string } | undefined
  > = [
    () => {
      for (const key of present) {
        const wrong = wrongTypeOf(valid[key] ?? null, typeOfNode(propertyOf(key)));
        if (wrong !== undefined) return replaced('wrong-type', key, wrong);
      }
      return undefined;
    },
    () => {
      const key = required.find((name) => name in valid);
      if (key === undefined) return undefined;
      const { [key]: _gone, ...rest } = valid;
      return { family: 'missing-required', key, value: rest };
    },
    () => {
      if (node.additionalProperties !== false) return undefined;
      let extra = 'note';
      while (extra in properties) extra = `${extra}_extra`;
      return { family: 'undeclared-key', key: extra, value: { ...valid, [extra]: 'please hurry' } };
    },
    () => {
      for (const key of present) {
        const listed = propertyOf(key)?.enum;
        if (!Array.isArray(listed) || listed.length === 0) continue;
        const first = listed.find((item) => typeof item === 'string');
        let outside = typeof first === 'string' ? first.toUpperCase() : 'other';
        if (listed.includes(outside)) outside = `${outside}_other`;
        return replaced('outside-enum', key, outside);
      }
      return undefined;
    },
    () => {
      for (const key of present) {
        const format = propertyOf(key)?.format;
        const wrong = typeof format === 'string' ? NOT_FORMATS[format] : undefined;
        if (wrong !== undefined) return replaced('format', key, wrong);
      }
      return undefined;
    },
    () =>
      asText && required.length > 0
        ? { family: 'empty-arguments', value: {}, text: '' }
        : undefined,
  ];
  const order = families.map((_, index) => index);
  for (let index = order.length - 1; index > 0; index -= 1) {
    const other = random.int(0, index);
    [order[index], order[other]] = [order[other] as number, order[index] as number];
  }
  for (const index of order) {
    const candidate = families[index]?.();
    if (candidate === undefined || checkArguments(schema, candidate.value).kind !== 'invalid')
      continue;
    return {
      family: candidate.family,
      text: candidate.text ?? JSON.stringify(candidate.value),
      value: candidate.value,
      ...(candidate.key === undefined ? {} : { key: candidate.key }),
    };
  }
  return undefined;
}

const typeOfNode = (node: Json | undefined): string | undefined =>
  node === undefined ? undefined : typeOf(node);

function wrongTypeOf(value: JsonValue, type: string | undefined): JsonValue | undefined {
  switch (type) {
    case 'integer':
    case 'number':
      return String(value);
    case 'string':
      return typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : 1001;
    case 'boolean':
      return String(value);
    case 'array':
      return Array.isArray(value) && value.length > 0 ? (value[0] ?? 'item') : 'item';
    case 'object':
      return JSON.stringify(value);
    default:
      return TYPES.includes(type ?? '') ? 'value' : undefined;
  }
}

/** The ways a model writes arguments that are not JSON. */
export type UnparseableForm =
  | 'concatenated'
  | 'single-quotes'
  | 'trailing-comma'
  | 'python-literals'
  | 'markdown-fence'
  | 'unquoted-keys';

/**
 * Every way to write `value` (and `second`, for two concatenated objects) as text that is no
 * JSON and no prefix of JSON either, so it reads as unparseable rather than cut.
 *
 * @example
 * ```ts
 * unparseableTexts({ order_id: 'A-1' }, { order_id: 'A-2' })[0]; // { form: 'concatenated', text: '{"order_id":"A-1"}{"order_id":"A-2"}' }
 * ```
 */
export function unparseableTexts(
  value: JsonValue,
  second: JsonValue,
): { form: UnparseableForm; text: string }[] {
  const text = JSON.stringify(value);
  const candidates: { form: UnparseableForm; text: string }[] = [
    { form: 'concatenated', text: `${text}${JSON.stringify(second)}` },
    { form: 'single-quotes', text: text.replaceAll('"', "'") },
    { form: 'trailing-comma', text: `${text.slice(0, -1)},}` },
    {
      form: 'python-literals',
      text: text.replace(/:(true|false|null)([,}\]])/g, (_, literal: string, end: string) => {
        const python = literal === 'true' ? 'True' : literal === 'false' ? 'False' : 'None';
        return `:${python}${end}`;
      }),
    },
    { form: 'markdown-fence', text: `\`\`\`json\n${text}\n\`\`\`` },
    { form: 'unquoted-keys', text: text.replace(/"([A-Za-z_][A-Za-z0-9_]*)":/g, '$1:') },
  ];
  return candidates.filter((candidate) => describeJson(candidate.text).state === 'malformed');
}
