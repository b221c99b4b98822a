/**
 * What the Anthropic Messages surface knows, read from its recordings and from messages shaped
 * as the API documents them: each stop reason of its table, tool_use input that arrives
 * decoded, server tools that are output but not calls, and a streamed message read as the
 * whole one it assembles into.
 */
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { readHar } from '../../../src/har/index.js';
import {
  diagnoseCalls,
  diagnoseStrictGuarantee,
  diagnoseTruncation,
  readTurn,
  reassembleStream,
  type TruncationState,
} from '../../../src/index.js';
import { ANTHROPIC_STOP_REASONS } from '../../../src/surfaces/anthropic-messages/stop-reasons.js';

const FIXTURES = join(import.meta.dirname, '../../../fixtures');

/** The one exchange a fixture holds, as `{ request, response }` bodies. */
function recorded(path: string) {
  const [exchange] = readHar(join(FIXTURES, path));
  if (exchange === undefined) throw new Error(`${path} holds no exchange`);
  const response = exchange.response.mimeType.startsWith('text/event-stream')
    ? reassembleStream(exchange.response.text)
    : JSON.parse(exchange.response.text);
  return { request: exchange.request.body, response };
}

const REQUEST = {
  model: 'claude-sonnet-4-5',
  max_tokens: 1024,
  messages: [{ role: 'user', content: 'Where is A-1001?' }],
  tools: [
    {
      name: 'lookup_order',
      description: 'Look an order up.',
      input_schema: {
        type: 'object',
        properties: { order_id: { type: 'string' } },
        required: ['order_id'],
      },
    },
  ],
};

/** A message as the API sends it, ending with `content` and stopped by `stop_reason`. */
function message(content: unknown[], stopReason: string, stopSequence: string | null = null) {
  return {
    id: 'msg_01XFDUDYJgAACzvnptvVoYEL',
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4-5',
    content,
    stop_reason: stopReason,
    stop_sequence: stopSequence,
    usage: { input_tokens: 412, output_tokens: 40 },
  };
}

const TOOL_USE = {
  type: 'tool_use',
  id: 'toolu_01A09q90qw90lq917835lq9',
  name: 'lookup_order',
  input: { order_id: 'A-1001' },
};

describe('each documented stop_reason reads as its table says', () => {
  /** What the truncation diagnosis says of a text answer, and of a tool_use, under each reason. */
  const EXPECTED: Record<string, { text: TruncationState; call: TruncationState }> = {
    end_turn: { text: 'complete', call: 'complete' },
    tool_use: { text: 'complete', call: 'complete' },
    stop_sequence: { text: 'complete', call: 'complete' },
    // A cut tool_use arrives with the input decoded so far: it looks whole, only the stop tells.
    max_tokens: { text: 'truncated-by-length', call: 'truncated-tool-use' },
    model_context_window_exceeded: { text: 'truncated-by-length', call: 'truncated-tool-use' },
    refusal: { text: 'refused', call: 'refused' },
    // A paused server-tool turn is to be sent back and continued: not finished, not cut.
    pause_turn: { text: 'incomplete-other', call: 'incomplete-other' },
  };

  test('the table lists every reason the Messages API documents, and only those', () => {
    expect(ANTHROPIC_STOP_REASONS.reasons.map((entry) => entry.reason).sort()).toEqual(
      Object.keys(EXPECTED).sort(),
    );
  });

  test.each(Object.entries(EXPECTED))('%s', (reason, expected) => {
    const sequence = reason === 'stop_sequence' ? '###' : null;
    const text = message([{ type: 'text', text: 'It shipped.' }], reason, sequence);
    const call = message([TOOL_USE], reason, sequence);
    expect(diagnoseTruncation({ request: REQUEST, response: text }).state).toBe(expected.text);
    expect(diagnoseTruncation({ request: REQUEST, response: call }).state).toBe(expected.call);
  });

  test('a stop sequence is quoted where the stop is said', () => {
    const read = readTurn({
      request: REQUEST,
      response: message([TOOL_USE], 'stop_sequence', '###'),
    });
    expect(read.ok && read.turn.stop).toEqual({
      kind: 'stop-sequence',
      said: 'stop_reason "stop_sequence" (stop_sequence "###")',
    });
  });

  test('a reason the table does not list is read as other, its word quoted in a note', () => {
    const response = message([TOOL_USE], 'overloaded_midway');
    expect(diagnoseTruncation({ request: REQUEST, response }).state).toBe('incomplete-other');
    const read = readTurn({ request: REQUEST, response });
    expect(read.ok && read.turn.stop.said).toContain('overloaded_midway');
  });
});

describe('tool_use input arrives decoded', () => {
  test('a call whose input breaks the schema is a violation, never unparseable', () => {
    const response = message([{ ...TOOL_USE, input: { order_id: 1001 } }], 'tool_use');
    const [verdict] = diagnoseCalls({ request: REQUEST, response });
    expect(verdict?.state).toBe('arguments-violate-schema');
    expect(verdict?.problems.join('\n')).toMatch(/^arguments\.order_id/);
  });

  test('the ceiling cutting a call leaves the input decoded so far, and the call is cut', () => {
    const { request, response } = recorded('anthropic-messages/max-tokens-in-tool-use.har');
    expect(response.content.at(-1)).toMatchObject({ type: 'tool_use', input: {} });
    expect(diagnoseCalls({ request, response }).map((verdict) => verdict.state)).toEqual([
      'arguments-truncated',
    ]);
    expect(diagnoseTruncation({ request, response }).state).toBe('truncated-tool-use');
  });

  test('a call with no input field is named, not read as {}', () => {
    const { input: _, ...noInput } = TOOL_USE;
    const [verdict] = diagnoseCalls({ request: REQUEST, response: message([noInput], 'tool_use') });
    expect(verdict?.state).toBe('arguments-unparseable');
    expect(verdict?.detail).toMatch(/input field is absent/);
  });
});

describe('what is output but no client call', () => {
  test('a server tool and its result are noted, not checked as calls', () => {
    const { request, response } = recorded('anthropic-messages/pause-turn.har');
    expect(diagnoseCalls({ request, response })).toEqual([]);
    const read = readTurn({ request, response });
    expect(read.ok && read.turn.notes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/\(server_tool_use\) is not a client tool_use block; not checked$/),
        expect.stringMatching(/\(web_search_tool_result\) is not a client tool_use block/),
      ]),
    );
    expect(diagnoseTruncation({ request, response }).state).toBe('incomplete-other');
  });

  test('thinking is reasoning seen, not text', () => {
    const response = message(
      [{ type: 'thinking', thinking: 'Look it up.', signature: 'EqQBCgIYAhIM' }, TOOL_USE],
      'tool_use',
    );
    const read = readTurn({ request: REQUEST, response });
    expect(read.ok && { reasoning: read.turn.reasoningSeen, text: read.turn.text }).toEqual({
      reasoning: true,
      text: '',
    });
  });

  test('a recorded refusal with no content is refused, with no call to judge', () => {
    const { request, response } = recorded('anthropic-messages/refusal.har');
    expect(diagnoseTruncation({ request, response }).state).toBe('refused');
    expect(diagnoseCalls({ request, response })).toEqual([]);
  });
});

describe('the request says what the response does not', () => {
  test('disable_parallel_tool_use turns parallel calls off; without it they are on', () => {
    const off = { ...REQUEST, tool_choice: { type: 'auto', disable_parallel_tool_use: true } };
    const response = message([TOOL_USE], 'tool_use');
    const read = (request: unknown) => {
      const result = readTurn({ request, response });
      return result.ok ? result.turn.parallelToolCalls : 'unread';
    };
    expect(read(off)).toBe(false);
    expect(read(REQUEST)).toBe(null);
  });

  test('strict tools with parallel calls off keep their guarantee', () => {
    const strictTools = REQUEST.tools.map((tool) => ({ ...tool, strict: true }));
    const off = {
      ...REQUEST,
      tools: strictTools,
      tool_choice: { type: 'auto', disable_parallel_tool_use: true },
    };
    const response = message([TOOL_USE], 'tool_use');
    expect(diagnoseStrictGuarantee({ request: off, response }).state).toBe('strict-serialised');
  });
});

describe('a streamed message reads as the message it assembles into', () => {
  test('the recorded tool_use stream: input_json_delta pieces joined into one decoded input', () => {
    const { request, response } = recorded('streams/anthropic-tool-use.har');
    const calls = diagnoseCalls({ request, response });
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((verdict) => verdict.state.startsWith('dispatchable'))).toBe(true);
    expect(diagnoseTruncation({ request, response }).state).toBe('complete');
  });

  test('the same stream cut before message_stop, inside the call, is a cut stream', () => {
    const [exchange] = readHar(join(FIXTURES, 'streams/anthropic-tool-use.har'));
    const text = exchange?.response.text ?? '';
    const at = text.lastIndexOf('"type":"input_json_delta"');
    expect(at).toBeGreaterThan(0);
    const cut = reassembleStream(text.slice(0, text.indexOf('\n\n', at) + 2));
    const request = exchange?.request.body;
    expect(diagnoseTruncation({ request, response: cut }).state).toBe('stream-cut');
    expect(diagnoseCalls({ request, response: cut }).at(-1)?.state).toBe('arguments-truncated');
  });
});
