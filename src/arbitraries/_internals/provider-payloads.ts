/**
 * What the arbitraries put in the neutral turn each surface's payload writer writes
 * (`writerFor(id)`): the tools, the random parts of ids, the prompts.
 */
import fc, { type JsonValue } from 'fast-check';
import type { NeutralTool, TurnIds } from '../../surfaces/payload.js';

/**
 * A tool as the arbitraries declare it to every provider.
 *
 * @example
 * ```ts
 * const tool: ToolSpec = { name: 'lookup_order', parameters: { type: 'object', properties: { order_id: { type: 'string' } } }, strict: true };
 * ```
 */
export interface ToolSpec {
  name: string;
  /** The parameters as a JSON Schema object (sent as `parametersJsonSchema` to Gemini). */
  parameters: unknown;
  /** Ask for strict decoding; not stating it means not strict on every surface here. */
  strict?: boolean;
  description?: string;
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const HEX = '0123456789abcdef';

const text = (alphabet: string, length: number) =>
  fc.string({ unit: fc.constantFrom(...alphabet), minLength: length, maxLength: length });

/** Four ids that differ: a repeat (possible once shrinking simplifies them) gets its tail changed. */
const distinctIds = (alphabet: string, length: number) =>
  fc
    .tuple(
      text(alphabet, length),
      text(alphabet, length),
      text(alphabet, length),
      text(alphabet, length),
    )
    .map((ids) =>
      ids.map((id, index) =>
        ids.indexOf(id) === index ? id : `${id.slice(0, -1)}${alphabet.charAt(index)}`,
      ),
    );

/**
 * The random parts of a turn's ids.
 *
 * @example
 * ```ts
 * fc.sample(turnIds(), 1)[0]?.calls.length; // 4
 * ```
 */
export function turnIds(): fc.Arbitrary<TurnIds> {
  return fc.record({
    response: text(BASE62, 29),
    calls: distinctIds(BASE62, 24),
    items: distinctIds(HEX, 32),
    suffix: text(HEX, 16),
    fingerprint: text(HEX, 10),
  });
}

/**
 * What the user says in the generated requests: short support questions, one not in English.
 *
 * @example
 * ```ts
 * fc.constantFrom(...PROMPTS);
 * ```
 */
export const PROMPTS = [
  'Where is my order A-1001? It was due Friday.',
  'The desk arrived scratched, please sort it out.',
  'Refund the shipping on my last order.',
  'Can you check both of my orders and tell me which one is late?',
  'Bitte prüfen Sie meine Bestellung, sie ist nicht angekommen.',
  'My parcel says delivered but nothing is here 📦',
];

/** The system prompt of every generated request. */
export const SYSTEM =
  'You are the order-support agent for Northwind Goods. Use the tools to look orders up, open tickets and issue refunds.';

/**
 * A tool as the payloads declare it: its description filled in, its schema a plain-JSON copy
 * (the payload never shares objects with the caller's schema).
 *
 * @example
 * ```ts
 * declaredTool({ name: 'lookup_order', parameters: schema }).description; // 'Calls lookup_order.'
 * ```
 */
export function declaredTool(spec: ToolSpec): NeutralTool {
  return {
    name: spec.name,
    description: spec.description ?? `Calls ${spec.name}.`,
    parameters: JSON.parse(JSON.stringify(spec.parameters)) as JsonValue,
    ...(spec.strict === undefined ? {} : { strict: spec.strict }),
  };
}
