/**
 * An export as the CLI audits it: one entry per model-call span, each the span as given (which
 * reads back on its own), the spans around model calls and those of no model counted, and what
 * is no span said at its place, so one malformed part costs only itself.
 */
import { skippedPhrase, spanRole } from './read-span.js';
import { spansOf } from './spans.js';

/** One entry of an export: a model-call span to read, or a part that holds none, and why. */
export type TraceEntry =
  | { kind: 'span'; at: string; span: unknown }
  | { kind: 'problem'; at: string; problem: string }
  | { kind: 'skipped'; detail: string };

/** Names a span's entry by its trace and span ids, else its place in the export. */
function entryName(span: { traceId: string | null; spanId: string | null; place: string }): string {
  if (span.traceId !== null && span.spanId !== null) {
    return `trace[${span.traceId}].span[${span.spanId}]`;
  }
  return span.spanId === null ? span.place : `span[${span.spanId}]`;
}

/**
 * The entries of one export, in order; the skipped spans are one entry at the end.
 *
 * @example
 * [...traceEntries(JSON.parse(text))].map((entry) => entry.kind); // ['span', 'span', 'skipped']
 */
export function* traceEntries(value: unknown): Generator<TraceEntry> {
  let notGenAi = 0;
  let notModelCalls = 0;
  for (const span of spansOf(value)) {
    if ('problem' in span) {
      yield { kind: 'problem', at: span.place, problem: span.problem };
      continue;
    }
    const role = spanRole(span);
    if (role === 'model-call') yield { kind: 'span', at: entryName(span), span: span.raw };
    else if (role.skipped === 'not-genai') notGenAi += 1;
    else notModelCalls += 1;
  }
  const skipped = skippedPhrase(notGenAi, notModelCalls);
  if (skipped !== '') yield { kind: 'skipped', detail: `${skipped}: not model calls` };
}
