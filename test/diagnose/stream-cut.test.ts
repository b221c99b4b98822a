import { describe, expect, test } from 'vitest';
import {
  diagnoseCalls,
  diagnoseStrictGuarantee,
  diagnoseTruncation,
  reassembleStream,
} from '../../src/index.js';
import { failureOf } from '../matchers/support.js';
import {
  CHARGE_SCHEMA,
  CUT_CHARGE,
  chatRequest,
  chatResponse,
  GOOD_CHARGE,
} from '../support/payloads.js';

/** What reassembleStream hands back for a Chat stream whose connection dropped mid-call. */
function cutStream() {
  const response = chatResponse({
    calls: [
      { name: 'charge', arguments: GOOD_CHARGE },
      { name: 'charge', arguments: CUT_CHARGE },
    ],
  });
  response.choices[0]!.finish_reason = null as never;
  return {
    kind: 'reassembled-stream',
    surface: 'openai-chat',
    response,
    state: 'cut',
    openCalls: ['choices[0].message.tool_calls[1]'],
    error: null,
    events: 14,
    notes: [],
  };
}

describe('a stream cut before its terminal event', () => {
  test('its open call is arguments-truncated, and the detail blames the connection, not the ceiling', () => {
    const [whole, open] = diagnoseCalls({ ...cutStream() }, { tools: chatRequest().tools });
    // Whole and valid, but the calls after it never arrived: no call of a cut stream runs.
    expect(whole?.state).toBe('turn-cut');
    expect(whole?.detail).toContain(
      'Yet its turn was cut: the stream ended before its terminal event (the connection dropped, or it was read too early)',
    );
    expect(whole?.repairs).toEqual([
      'Check the stop reason before dispatching: do not run the calls of a cut turn, whole ones included, since the calls that would have followed may be missing.',
      'Treat a stream without its terminal event as failed: retry the request.',
    ]);
    expect(open?.state).toBe('arguments-truncated');
    expect(open?.detail).toBe(
      "Cut mid-write: the connection ended before the stream's terminal event, while this call was still arriving, and the text is a valid JSON prefix (ends inside an object key; 1 unclosed container). Not the ceiling, and not a schema fault.",
    );
    expect(open?.repairs[0]).toContain('retry the request');
  });

  test('the turn is stream-cut, naming the calls still arriving', () => {
    const result = diagnoseTruncation(cutStream());
    expect(result.state).toBe('stream-cut');
    expect(result.detail).toContain(
      '1 call it had not marked done ("charge" at choices[0].message.tool_calls[1])',
    );
    // The repair names this provider's own end of stream, not every provider's.
    expect(result.repairs[1]).toBe(
      'Parse text and calls only after the terminal event ([DONE], or a finish_reason on every choice).',
    );
  });

  test('toNotBeTruncated fails on it', () => {
    expect(failureOf(() => expect(cutStream()).toNotBeTruncated())).toContain(
      'but it is stream-cut.',
    );
  });

  test('a complete stream reads like the response it reassembles to', () => {
    const whole = {
      ...cutStream(),
      state: 'complete',
      openCalls: [],
      response: chatResponse({ calls: [{ name: 'charge', arguments: GOOD_CHARGE }] }),
    };
    expect(diagnoseTruncation(whole).state).toBe('complete');
    expect(diagnoseStrictGuarantee({ ...whole }, { tools: chatRequest().tools }).state).toBe(
      'strict-at-risk',
    );
  });
});

describe('what a reassembled stream knows, the diagnoses use', () => {
  test('a stream that reported its ceiling and then ended without data: [DONE] has ended on that reason', () => {
    const sse = [
      '{"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"gpt-4.1","choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"charge","arguments":""}}]},"finish_reason":null}]}',
      '{"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"gpt-4.1","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\\"account_id\\":\\"ac"}}]},"finish_reason":null}]}',
      '{"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"gpt-4.1","choices":[{"index":0,"delta":{},"finish_reason":"length"}]}',
    ]
      .map((data) => `data: ${data}\n\n`)
      .join('');
    const stream = reassembleStream(sse);
    expect(stream.state).toBe('complete');
    expect(diagnoseTruncation(stream).state).toBe('truncated-by-length');
    expect(diagnoseCalls(stream)[0]?.state).toBe('arguments-truncated');
  });

  test('an Anthropic tool_use the stream finished is not called truncated when the rest is cut', () => {
    const events = [
      {
        type: 'message_start',
        message: {
          id: 'msg_01',
          type: 'message',
          role: 'assistant',
          model: 'claude-haiku-4-5',
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 10, output_tokens: 1 },
        },
      },
      {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'tool_use', id: 'toolu_01', name: 'charge', input: {} },
      },
      {
        type: 'content_block_delta',
        index: 0,
        delta: {
          type: 'input_json_delta',
          partial_json: '{"account_id":"acct_9","amount_cents":1200,"currency":"usd"}',
        },
      },
      { type: 'content_block_stop', index: 0 },
    ];
    const stream = reassembleStream(events);
    expect(stream.state).toBe('cut');
    const [verdict] = diagnoseCalls(stream, {
      tools: [{ name: 'charge', input_schema: CHARGE_SCHEMA }],
    });
    // Not arguments-truncated: the block was stopped, so its input is whole; but the turn is cut.
    expect(verdict?.state).toBe('turn-cut');
    expect(diagnoseTruncation(stream).state).toBe('stream-cut');
  });

  test('text that is no provider stream is unreadable, not a dropped connection', () => {
    const result = diagnoseTruncation(reassembleStream('hello world'));
    expect(result.state).toBe('unreadable');
    expect(result.detail).toMatch(/^the stream is no provider stream this reads: /);
  });
});
