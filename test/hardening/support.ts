/**
 * Shared material for the hardening suite: the real fixtures as payloads, the kinds of damage
 * recordings really carry, values nested arbitrarily deep, and a stopwatch.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';

export const root = fileURLToPath(new URL('../../', import.meta.url));
export const fixturesFolder = join(root, 'fixtures');

/** Every file under a folder, recursively, as paths relative to the repository root. */
export function filesUnder(folder: string): string[] {
  const found: string[] = [];
  for (const item of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, item.name);
    if (item.isDirectory()) found.push(...filesUnder(path));
    else if (item.isFile()) found.push(relative(root, path));
  }
  return found.sort();
}

/** One recorded exchange of a fixture, as the diagnoses take it, and its raw bodies. */
export interface FixtureExchange {
  file: string;
  /** `{ request, response }` with both bodies parsed when they are JSON. */
  payload: unknown;
  requestText: string;
  responseText: string;
  mimeType: string;
}

interface HarFile {
  log: {
    entries: Array<{
      request: { postData?: { text?: string } };
      response: { content: { text?: string; mimeType?: string } };
    }>;
  };
}

function parseOr(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Every exchange of every fixtures/**.har file. */
export function fixtureExchanges(): FixtureExchange[] {
  return filesUnder(fixturesFolder)
    .filter((file) => file.endsWith('.har'))
    .flatMap((file) => {
      const har = JSON.parse(readFileSync(join(root, file), 'utf8')) as HarFile;
      return har.log.entries.map((entry) => {
        const requestText = entry.request.postData?.text ?? '';
        const responseText = entry.response.content.text ?? '';
        return {
          file,
          payload: { request: parseOr(requestText), response: parseOr(responseText) },
          requestText,
          responseText,
          mimeType: entry.response.content.mimeType ?? '',
        };
      });
    });
}

const DELETE = Symbol('delete');

/** One change to one place of a payload. */
export type Damage =
  | { kind: 'delete' }
  | { kind: 'retype'; value: unknown }
  | { kind: 'duplicate' }
  | { kind: 'array-to-object' }
  | { kind: 'object-to-array' }
  | { kind: 'truncate-string'; keep: number };

/** Values of every JSON type and then some, to put where a field was. */
const replacements = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    0,
    -0,
    -1,
    1.5,
    Number.MAX_SAFE_INTEGER + 2,
    Number.POSITIVE_INFINITY,
    Number.NaN,
    '',
    'toString',
    '__proto__',
    '\uD800',
    '\u0000',
    [],
    {},
    [null],
    { __proto__: null },
  ),
  fc.jsonValue({ maxDepth: 2 }),
);

export const damage: fc.Arbitrary<Damage> = fc.oneof(
  fc.constant<Damage>({ kind: 'delete' }),
  replacements.map<Damage>((value) => ({ kind: 'retype', value })),
  fc.constant<Damage>({ kind: 'duplicate' }),
  fc.constant<Damage>({ kind: 'array-to-object' }),
  fc.constant<Damage>({ kind: 'object-to-array' }),
  fc.nat({ max: 64 }).map<Damage>((keep) => ({ kind: 'truncate-string', keep })),
);

type Slot = [Record<string, unknown> | unknown[], string | number];

/** Every place in a value where a field or an element sits. */
function slotsOf(value: unknown): Slot[] {
  const slots: Slot[] = [];
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      node.forEach((child, index) => {
        slots.push([node, index]);
        stack.push(child);
      });
    } else if (typeof node === 'object' && node !== null) {
      for (const [key, child] of Object.entries(node)) {
        slots.push([node as Record<string, unknown>, key]);
        stack.push(child);
      }
    }
  }
  return slots;
}

/** A copy of `payload` with each damage done at the place its pick lands on. */
export function damaged(payload: unknown, harm: ReadonlyArray<[number, Damage]>): unknown {
  const copy = structuredClone(payload);
  for (const [pick, one] of harm) {
    const slots = slotsOf(copy);
    const slot = slots[pick % Math.max(1, slots.length)];
    if (slot === undefined) return copy;
    const [parent, key] = slot;
    const current = (parent as Record<string | number, unknown>)[key];
    let next: unknown = current;
    switch (one.kind) {
      case 'delete':
        next = DELETE;
        break;
      case 'retype':
        next = one.value;
        break;
      case 'duplicate':
        if (Array.isArray(parent)) parent.push(structuredClone(current));
        else parent[`${String(key)}`] = current;
        next = current;
        // A second key holding the same value, as a careless merge leaves it.
        if (!Array.isArray(parent)) parent[`${String(key)}_copy`] = structuredClone(current);
        break;
      case 'array-to-object':
        next = Array.isArray(current) ? { ...current } : current;
        break;
      case 'object-to-array':
        next =
          typeof current === 'object' && current !== null && !Array.isArray(current)
            ? Object.values(current)
            : current;
        break;
      case 'truncate-string':
        next = typeof current === 'string' ? current.slice(0, one.keep) : current;
        break;
    }
    if (next === DELETE) {
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key as string];
    } else (parent as Record<string | number, unknown>)[key] = next;
  }
  return copy;
}

/** `{"a":{"a":…1…}}` as text, `depth` objects deep, built without recursion. */
export function deepObjectText(depth: number, key = 'a'): string {
  return `${`{"${key}":`.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** The same value as an object, built bottom-up so no stack is used. */
export function deepObject(depth: number, key = 'a'): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level += 1) value = { [key]: value };
  return value;
}

/** A schema `depth` levels of `properties` deep. */
export function deepSchema(depth: number): unknown {
  let schema: unknown = { type: 'integer' };
  for (let level = 0; level < depth; level += 1) {
    schema = { type: 'object', properties: { a: schema } };
  }
  return schema;
}

/** A Responses API function tool, strict. */
export function strictTool(name: string, parameters: unknown) {
  return { type: 'function', name, parameters, strict: true };
}

/** A minimal Responses API response holding the given calls. */
export function responseWithCalls(calls: ReadonlyArray<{ name: string; arguments: string }>) {
  return {
    id: 'resp_hardening',
    object: 'response',
    status: 'completed',
    parallel_tool_calls: false,
    output: calls.map((call, index) => ({
      id: `fc_${index}`,
      type: 'function_call',
      status: 'completed',
      name: call.name,
      arguments: call.arguments,
      call_id: `call_${index}`,
    })),
  };
}
