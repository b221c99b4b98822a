import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  streamChunks,
  TOOL_CALL_HEALTHS,
  type ToolCallHealth,
  type ToolSpec,
  toolCallResponse,
} from '../../src/arbitraries/index.js';
import {
  diagnoseCalls,
  diagnoseStrictGuarantee,
  diagnoseTruncation,
  reassembleStream,
  reassembleStreamAsync,
} from '../../src/index.js';
import { CREATE_TICKET, ISSUE_REFUND, LOOKUP_ORDER, runs } from './support.js';

const TOOLS: ToolSpec[] = [
  { name: 'lookup_order', parameters: LOOKUP_ORDER, strict: true },
  { name: 'create_ticket', parameters: CREATE_TICKET },
  { name: 'issue_refund', parameters: ISSUE_REFUND, strict: false },
];

/**
 * A payload and its chunks, from every surface and health. None is skipped: even Gemini's
 * MALFORMED_FUNCTION_CALL streams honestly, as the one frame carrying finishReason and
 * finishMessage that Gemini sends for it.
 */
const streamed = (health?: ToolCallHealth) =>
  toolCallResponse({ tools: TOOLS, ...(health === undefined ? {} : { health }) }).chain((sample) =>
    streamChunks(sample.payload).map((chunks) => ({ sample, chunks })),
  );

function diagnosed(exchange: unknown) {
  return {
    calls: diagnoseCalls(exchange).map(({ name, callId, state }) => ({ name, callId, state })),
    truncation: diagnoseTruncation(exchange).state,
    strict: diagnoseStrictGuarantee(exchange).state,
  };
}

async function* fromChunks(chunks: readonly string[]): AsyncGenerator<string> {
  for (const chunk of chunks) yield chunk;
}

describe('streamChunks', () => {
  it('reassembles to a complete stream the diagnoses read as they read the original', () => {
    fc.assert(
      fc.property(streamed(), ({ sample, chunks }) => {
        const stream = reassembleStream(chunks.join(''));
        expect(stream.state).toBe('complete');
        expect(stream.surface).toBe(sample.surface);
        expect(stream.error).toBeNull();
        const original = diagnosed(sample.payload);
        expect(diagnosed({ request: sample.payload.request, response: stream })).toEqual(original);
        expect(original.calls.map((call) => call.state)).toEqual(
          sample.expected.calls.map((call) => call.state),
        );
      }),
      runs(300),
    );
  });

  it('gives every health the same diagnoses through a stream', () => {
    for (const health of TOOL_CALL_HEALTHS) {
      fc.assert(
        fc.property(streamed(health), ({ sample, chunks }) => {
          const stream = reassembleStream(chunks.join(''));
          expect(diagnosed({ request: sample.payload.request, response: stream })).toEqual(
            diagnosed(sample.payload),
          );
        }),
        runs(40),
      );
    }
  });

  it('reassembles the same from an async iterable of the chunks', async () => {
    await fc.assert(
      fc.asyncProperty(streamed(), async ({ chunks }) => {
        expect(await reassembleStreamAsync(fromChunks(chunks))).toEqual(
          reassembleStream(chunks.join('')),
        );
      }),
      runs(150),
    );
  });

  it('is cut when the chunks that carry the terminal event are dropped', () => {
    fc.assert(
      fc.property(streamed(), ({ chunks }) => {
        const text = chunks.join('');
        // The terminal event is whole once its last JSON (or [DONE]) character has arrived; a
        // Chat stream has ended with the chunk that brings its finish_reason, [DONE] or not.
        const finish = text.lastIndexOf('"finish_reason":"');
        const terminalEnd =
          finish >= 0
            ? text.lastIndexOf('}', text.indexOf('\n', finish))
            : Math.max(text.lastIndexOf('}'), text.lastIndexOf(']'));
        const kept: string[] = [];
        let length = 0;
        for (const chunk of chunks) {
          if (length + chunk.length > terminalEnd) break;
          kept.push(chunk);
          length += chunk.length;
        }
        expect(kept.length).toBeLessThan(chunks.length);
        expect(reassembleStream(kept.join('')).state).toBe('cut');
      }),
      runs(200),
    );
  });

  it('cuts at arbitrary offsets, 1-character chunks included, within maxChunks', () => {
    let singles = 0;
    let insideEvents = 0;
    fc.assert(
      fc.property(
        toolCallResponse({ tools: TOOLS, health: 'healthy', surface: 'openai-chat' }).chain(
          ({ payload }) => streamChunks(payload, { maxChunks: 8 }),
        ),
        (chunks) => {
          expect(chunks.length).toBeGreaterThan(0);
          expect(chunks.length).toBeLessThanOrEqual(8);
          expect(chunks.every((chunk) => chunk.length > 0)).toBe(true);
          if (chunks.some((chunk) => chunk.length === 1)) singles++;
          if (chunks.slice(0, -1).some((chunk) => !chunk.endsWith('\n\n'))) insideEvents++;
        },
      ),
      runs(200),
    );
    expect(singles).toBeGreaterThan(0);
    expect(insideEvents).toBeGreaterThan(0);
  });

  it('splits arguments into several deltas where fast-check chooses', () => {
    const lengths = new Set<number>();
    fc.assert(
      fc.property(
        toolCallResponse({ tools: TOOLS, health: 'healthy', surface: 'openai-chat' }).chain(
          ({ payload }) => streamChunks(payload),
        ),
        (chunks) => {
          const deltas = chunks.join('').match(/"function":\{"arguments"/g) ?? [];
          lengths.add(deltas.length);
        },
      ),
      runs(100),
    );
    expect(Math.max(...lengths)).toBeGreaterThan(1);
  });

  it('takes an exchange or its response, and an explicit surface', () => {
    const [sample] = fc.sample(toolCallResponse({ tools: TOOLS, surface: 'anthropic-messages' }), {
      seed: 7,
      numRuns: 1,
    });
    if (sample === undefined) throw new Error('no sample');
    const fromExchange = fc.sample(streamChunks(sample.payload), { seed: 3, numRuns: 5 });
    const fromResponse = fc.sample(
      streamChunks(sample.payload.response, { surface: 'anthropic-messages' }),
      { seed: 3, numRuns: 5 },
    );
    expect(fromResponse).toEqual(fromExchange);
    expect(fromExchange[0]?.join('')).toMatch(/^event: message_start\n/);
    expect(() => streamChunks({ hello: 'world' })).toThrow(/^tool-call-health: streamChunks/);
    expect(() => streamChunks(sample.payload, { maxChunks: 0 })).toThrow(/maxChunks/);
  });
});
