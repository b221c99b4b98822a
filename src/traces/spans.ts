/**
 * The four forms a span comes in, told apart by their own fields, each read into one
 * {@link SpanRecord}: no OpenTelemetry package is imported, and the one method called is a
 * finished span's `spanContext()`.
 *
 * 1. OTLP/JSON (`resourceSpans[].scopeSpans[].spans[]`, typed key-value attributes);
 * 2. a span as an attribute map (`name` and a flat `attributes` object), as SDK exporters,
 *    logfire and most backends' APIs give them;
 * 3. the SDK's finished spans (`ReadableSpan`, as `InMemorySpanExporter.getFinishedSpans()`
 *    returns them): `name`, `attributes` and `spanContext()`;
 * 4. Langfuse observations (`type`, `metadata` holding the span's attributes, its own `input`
 *    and `output`), one by one, as a list, or as the public API's `{ data: [...] }` page
 *    (https://api.reference.langfuse.com/#tag/observations, read 2026-12-03).
 */
import { asList, asText, isRecord, type Json, recordOf } from '../model/narrow.js';
import { describeValue } from '../text/describe-value.js';
import { hexId, keyValues } from './otlp.js';

/** One span, whatever form it came in: its name, ids, and attributes as plain values. */
export interface SpanRecord {
  name: string;
  traceId: string | null;
  spanId: string | null;
  /** Flat, by attribute name; values as the form gave them (JSON text is parsed by the readers). */
  attributes: Json;
  /** Where the span sits in what was given (`resourceSpans[0].scopeSpans[0].spans[3]`, `[2]`, `''`). */
  place: string;
  /** A Langfuse observation's own fields, where it moved the message attributes. */
  langfuse?: {
    type: string;
    input: unknown;
    output: unknown;
    model: unknown;
    modelParameters: unknown;
    usageDetails: unknown;
  };
  /** What the form itself could not give (metadata that is not JSON), said on the span's turn. */
  notes: string[];
  /** The span as given, which reads back into this record on its own (the CLI's entry for it). */
  raw: unknown;
}

/** One span of an export, or why a part of the export holds none. */
export type SpanOrProblem = SpanRecord | { place: string; problem: string };

/** Langfuse's observation types (https://langfuse.com/docs/observability/features/observation-types). */
const OBSERVATION_TYPES: ReadonlySet<string> = new Set([
  'GENERATION',
  'SPAN',
  'EVENT',
  'AGENT',
  'TOOL',
  'CHAIN',
  'RETRIEVER',
  'EVALUATOR',
  'EMBEDDING',
  'GUARDRAIL',
]);

/**
 * Whether a value is an OTLP/JSON document: own `resourceSpans`, a field no provider body has.
 *
 * @example
 * isOtlpDocument({ resourceSpans: [] }); // true
 */
export function isOtlpDocument(value: unknown): value is Json {
  return isRecord(value) && Object.hasOwn(value, 'resourceSpans');
}

/**
 * Whether a value is one span: a finished SDK span, a span as an attribute map (`name` and
 * `attributes`, a pair no provider body holds), or a Langfuse observation (a known `type` beside
 * `metadata` or `modelParameters`, which a logger's plain `{ input, output }` pair lacks).
 *
 * @example
 * isSpan(exporter.getFinishedSpans()[0]); // true
 */
export function isSpan(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const object = value as Json;
  if (isObservation(object)) return true;
  if (!Object.hasOwn(object, 'attributes') || typeof object.name !== 'string') return false;
  const attributes = object.attributes;
  return isRecord(attributes) || Array.isArray(attributes);
}

function isObservation(object: Json): boolean {
  return (
    typeof object.type === 'string' &&
    OBSERVATION_TYPES.has(object.type) &&
    (Object.hasOwn(object, 'metadata') || Object.hasOwn(object, 'modelParameters'))
  );
}

/**
 * Whether a value is anything this folder reads: an OTLP document, a span, a list of either,
 * or a Langfuse page `{ data: [observation, ...] }`.
 *
 * @example
 * isTraceExport(exporter.getFinishedSpans()); // true
 */
export function isTraceExport(value: unknown): boolean {
  if (Array.isArray(value)) {
    const first = value[0];
    return first !== undefined && (isSpan(first) || isOtlpDocument(first));
  }
  if (isOtlpDocument(value) || isSpan(value)) return true;
  if (!isRecord(value) || !Object.hasOwn(value, 'data') || !Object.hasOwn(value, 'meta')) {
    return false;
  }
  const data = asList(value.data);
  return data !== undefined && data.length > 0 && isRecord(data[0]) && isObservation(data[0]);
}

/**
 * Every span of an export, in order, and what in it is no span (a malformed OTLP part, an item
 * of a list that is neither span nor document).
 *
 * @example
 * for (const span of spansOf(JSON.parse(text))) if ('problem' in span) console.log(span.problem);
 */
export function* spansOf(value: unknown, place = ''): Generator<SpanOrProblem> {
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const item = value[index];
      const at = `${place}[${index}]`;
      if (isOtlpDocument(item) || isSpan(item)) yield* spansOf(item, at);
      else yield { place: at, problem: `${at} is ${describeValue(item)}, not a span` };
    }
    return;
  }
  if (isOtlpDocument(value)) {
    yield* otlpSpans(value, place);
    return;
  }
  const object = value as Json;
  if (isRecord(object) && !isSpan(object) && Array.isArray(object.data)) {
    yield* spansOf(object.data, join(place, 'data'));
    return;
  }
  yield spanRecord(object, place);
}

function join(place: string, key: string): string {
  return place === '' ? key : `${place}.${key}`;
}

/** The spans of one OTLP document; a part of the wrong shape is a problem at its place. */
function* otlpSpans(document: Json, place: string): Generator<SpanOrProblem> {
  const resources = document.resourceSpans;
  const at = join(place, 'resourceSpans');
  if (!Array.isArray(resources)) {
    yield { place: at, problem: `${at} is ${describeValue(resources)}, not a list` };
    return;
  }
  for (let r = 0; r < resources.length; r++) {
    const resourceAt = `${at}[${r}]`;
    const scopes = recordOf(resources[r])?.scopeSpans;
    if (!Array.isArray(scopes)) {
      yield {
        place: resourceAt,
        problem: `${resourceAt}.scopeSpans is ${describeValue(scopes)}, not a list`,
      };
      continue;
    }
    for (let s = 0; s < scopes.length; s++) {
      const scopeAt = `${resourceAt}.scopeSpans[${s}]`;
      const spans = recordOf(scopes[s])?.spans;
      if (!Array.isArray(spans)) {
        yield {
          place: scopeAt,
          problem: `${scopeAt}.spans is ${describeValue(spans)}, not a list`,
        };
        continue;
      }
      for (let index = 0; index < spans.length; index++) {
        const spanAt = `${scopeAt}.spans[${index}]`;
        const span = recordOf(spans[index]);
        if (span === undefined || typeof span.name !== 'string') {
          yield {
            place: spanAt,
            problem: `${spanAt} is ${describeValue(spans[index])}, not a span`,
          };
          continue;
        }
        yield spanRecord(span, spanAt);
      }
    }
  }
}

/** One span in any of its forms, read by its own fields. */
function spanRecord(object: Json, place: string): SpanRecord {
  if (isObservation(object)) return observationRecord(object, place);
  const ids = idsOf(object);
  const raw = object.attributes;
  const attributes = Array.isArray(raw) ? keyValues(raw) : (recordOf(raw) ?? {});
  return {
    name: asText(object.name) ?? '',
    traceId: ids.traceId,
    spanId: ids.spanId,
    attributes,
    place,
    notes: [],
    raw: object,
  };
}

/**
 * A span's ids: `spanContext()` on a finished SDK span (the one method the readers call), else
 * `traceId` / `spanId` (OTLP, JS exporters; `id` beside `traceId` from the console exporter),
 * `trace_id` / `span_id`, or Python's `context`.
 */
function idsOf(object: Json): { traceId: string | null; spanId: string | null } {
  if (typeof object.spanContext === 'function') {
    try {
      const context = recordOf((object.spanContext as () => unknown).call(object));
      return { traceId: hexId(context?.traceId), spanId: hexId(context?.spanId) };
    } catch {
      // A span-like object whose spanContext throws: read by its fields below.
    }
  }
  const context = recordOf(object.context) ?? recordOf(object.spanContext);
  return {
    traceId: hexId(object.traceId ?? object.trace_id ?? context?.traceId ?? context?.trace_id),
    // The SDK's ConsoleSpanExporter names the span's own id `id`, beside `traceId`.
    spanId: hexId(
      object.spanId ??
        object.span_id ??
        context?.spanId ??
        context?.span_id ??
        (Object.hasOwn(object, 'traceId') ? object.id : undefined),
    ),
  };
}

/**
 * A Langfuse observation: its span attributes are in `metadata.attributes` (a JSON string or an
 * object), and the message attributes Langfuse moved into its own `input` and `output`.
 */
function observationRecord(object: Json, place: string): SpanRecord {
  const notes: string[] = [];
  let metadata: unknown = object.metadata;
  if (typeof metadata === 'string') {
    try {
      metadata = JSON.parse(metadata);
    } catch {
      notes.push(
        `${join(place, 'metadata')} is text that is not JSON; its attributes are not read`,
      );
      metadata = undefined;
    }
  }
  let attributes: unknown = recordOf(metadata)?.attributes;
  if (typeof attributes === 'string') {
    try {
      attributes = JSON.parse(attributes);
    } catch {
      notes.push(`${join(place, 'metadata.attributes')} is text that is not JSON; not read`);
    }
  }
  return {
    name: asText(object.name) ?? '',
    traceId: asText(object.traceId) ?? null,
    spanId: asText(object.id) ?? null,
    attributes: recordOf(attributes) ?? {},
    place,
    langfuse: {
      type: asText(object.type) ?? '',
      input: object.input,
      output: object.output,
      model: object.model,
      modelParameters: object.modelParameters,
      usageDetails: object.usageDetails ?? object.usage,
    },
    notes,
    raw: object,
  };
}
