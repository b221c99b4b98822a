import { describe, expect, test } from 'vitest';
import { diagnoseCalls, diagnoseStrictGuarantee, diagnoseTruncation } from '../../src/index.js';
import { failureOf } from '../matchers/support.js';
import { CUT_CHARGE, chatRequest, chatResponse, GOOD_CHARGE } from '../support/payloads.js';

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
    expect(whole?.state).toBe('dispatchable');
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
      '1 call(s) still arriving ("charge" at choices[0].message.tool_calls[1])',
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
