/**
 * OTLP/JSON's typed values and ids, as the OTLP/HTTP JSON encoding and the collector's file
 * exporter write them (https://opentelemetry.io/docs/specs/otlp/#json-protobuf-encoding, read
 * 2026-12-03): an attribute is `{ key, value: { stringValue | intValue | doubleValue |
 * boolValue | arrayValue | kvlistValue | bytesValue } }`, a 64-bit `intValue` comes as a string
 * (or a number from some exporters), and ids are hex, though some exporters send base64.
 */
import { asList, type Json, recordOf } from '../model/narrow.js';

/**
 * The plain value of one OTLP `AnyValue`, or `undefined` when it holds none of the typed fields.
 *
 * @example
 * anyValue({ intValue: '512' }); // 512
 */
export function anyValue(raw: unknown): unknown {
  const value = recordOf(raw);
  if (value === undefined) return undefined;
  if (typeof value.stringValue === 'string') return value.stringValue;
  if (Object.hasOwn(value, 'intValue')) return intOf(value.intValue);
  if (typeof value.doubleValue === 'number') return value.doubleValue;
  // A double the encoder could not write as a number (NaN, Infinity) comes as text.
  if (typeof value.doubleValue === 'string') return Number(value.doubleValue);
  if (typeof value.boolValue === 'boolean') return value.boolValue;
  if (Object.hasOwn(value, 'arrayValue')) {
    return (asList(recordOf(value.arrayValue)?.values) ?? []).map(anyValue);
  }
  if (Object.hasOwn(value, 'kvlistValue')) {
    return keyValues(asList(recordOf(value.kvlistValue)?.values) ?? []);
  }
  if (typeof value.bytesValue === 'string') return value.bytesValue;
  return undefined;
}

function intOf(raw: unknown): unknown {
  if (typeof raw === 'number') return raw;
  if (typeof raw !== 'string' || !/^-?\d+$/.test(raw)) return raw;
  const number = Number(raw);
  return Number.isSafeInteger(number) ? number : raw;
}

/**
 * An OTLP list of `{ key, value }` as a flat record, each value plain; entries with no key are
 * counted in `skipped`.
 *
 * @example
 * keyValues([{ key: 'gen_ai.system', value: { stringValue: 'openai' } }]); // { 'gen_ai.system': 'openai' }
 */
export function keyValues(list: readonly unknown[]): Json {
  const out: Json = {};
  for (const item of list) {
    const entry = recordOf(item);
    if (entry === undefined || typeof entry.key !== 'string') continue;
    // Defined, not assigned: an attribute named "__proto__" is an ordinary key.
    Object.defineProperty(out, entry.key, {
      value: anyValue(entry.value),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

const HEX_ID = /^[0-9a-f]+$/i;
const BASE64_ID = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * A trace or span id as lower-case hex: hex as given (a `0x` prefix, as Python's SDK prints
 * them, dropped), base64 (16 or 8 bytes) decoded; `null` for anything else.
 *
 * @example
 * hexId('S/kvNXezTaajzpKdDg5HNg=='); // '4bf92f3577b34da6a3ce929d0e0e4736'
 */
export function hexId(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw === '') return null;
  const text = raw.startsWith('0x') ? raw.slice(2) : raw;
  if ((text.length === 32 || text.length === 16) && HEX_ID.test(text)) return text.toLowerCase();
  if ((text.length === 24 || text.length === 12) && BASE64_ID.test(text)) {
    // atob, not Buffer: the readers run in browsers too.
    const bytes = atob(text);
    if (bytes.length === 16 || bytes.length === 8) {
      let hex = '';
      for (let index = 0; index < bytes.length; index++) {
        hex += bytes.charCodeAt(index).toString(16).padStart(2, '0');
      }
      return hex;
    }
  }
  return HEX_ID.test(text) ? text.toLowerCase() : null;
}
