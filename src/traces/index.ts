import type { AdaptedTurn, Adapter, AdapterReading, ToolsInto } from '../surfaces/types.js';
import { plural } from '../text/plural.js';
import { readSpanTurn, skippedPhrase, spanRole } from './read-span.js';
import { isTraceExport, type SpanRecord, spansOf } from './spans.js';

/** Where the GenAI conventions say what a model-call span holds. */
export const GEN_AI_SPANS_DOCS = 'https://opentelemetry.io/docs/specs/semconv/gen-ai/gen-ai-spans/';

/** What a span's turn is named by: its trace and span ids, else its place in the export. */
export function spanName(span: Pick<SpanRecord, 'traceId' | 'spanId' | 'place'>): string {
  if (span.traceId !== null && span.spanId !== null) {
    return `trace[${span.traceId}].span[${span.spanId}]`;
  }
  if (span.spanId !== null) return `span[${span.spanId}]`;
  return span.place === '' ? 'span' : span.place;
}

/**
 * OpenTelemetry spans of model calls, as the GenAI conventions (and the older indexed ones),
 * OpenInference and the AI SDK write them, in any of their forms (OTLP/JSON, attribute maps,
 * the SDK's finished spans, Langfuse observations): each model-call span one turn. A span holds
 * no request's `strict` flag, so these facts say what a span cannot tell.
 */
export const otel: Adapter = {
  kind: 'adapter',
  id: 'otel',
  title: 'OpenTelemetry span',
  recognise: (value) => isTraceExport(value),
  read: (value, toolsInto) => readExport(value, toolsInto),
  facts: {
    ceilingField: 'max_tokens',
    // Only the stop tells a cut turn on a span: a whole call in it is `turn-cut`, cut text is cut.
    cutCallsLookWhole: false,
    callItem: 'tool call recorded on the span',
    streamEnd: "the span's end",
    declarationsFrom: 'the tools the traced request declared',
    strict: {
      provider: null,
      rules: null,
      whenUnstated: 'not-strict',
      voidedByParallelCalls: false,
      unrecorded:
        "no tracing convention records the request's strict flag (gen_ai.tool.definitions and the others hold a tool's name and schema), so whether a call was held to its schema cannot be told from the span",
      advice: (name) =>
        `Check the calls of ${name} against its schema where they are dispatched, or test the request itself with toKeepStrictGuarantee.`,
      source: { url: GEN_AI_SPANS_DOCS, read: '2026-12-03' },
    },
  },
};

/**
 * Every model-call span of an export as a turn; the spans skipped and the parts that are no
 * span are said on the first turn, since a reading has no other place for them.
 */
function readExport(value: unknown, toolsInto: ToolsInto): AdapterReading {
  const turns: AdaptedTurn[] = [];
  const problems: string[] = [];
  let notGenAi = 0;
  let notModelCalls = 0;
  for (const span of spansOf(value)) {
    if ('problem' in span) {
      problems.push(span.problem);
      continue;
    }
    const role = spanRole(span);
    if (role === 'model-call') {
      turns.push({ at: spanName(span), turn: readSpanTurn(span, toolsInto) });
    } else if (role.skipped === 'not-genai') notGenAi += 1;
    else notModelCalls += 1;
  }
  const skipped = skippedPhrase(notGenAi, notModelCalls);
  const first = turns[0];
  if (first === undefined || !('turn' in first)) {
    const why = [skipped, ...problems].filter((part) => part !== '').join('; ');
    return {
      kind: 'unreadable',
      problem: `the spans hold no model call${why === '' ? '' : ` (${why})`}`,
    };
  }
  if (skipped !== '')
    first.turn.notes.push(
      `skipped beside the ${plural(turns.length, 'model-call span')}: ${skipped}`,
    );
  for (const problem of problems) first.turn.notes.push(`elsewhere in the export: ${problem}`);
  return { kind: 'turns', turns };
}

export { type TraceEntry, traceEntries } from './entries.js';
export { readSpanTurn, type SkippedSpan, skippedPhrase, spanRole } from './read-span.js';
export {
  isOtlpDocument,
  isSpan,
  isTraceExport,
  type SpanOrProblem,
  type SpanRecord,
  spansOf,
} from './spans.js';
