/**
 * What the LangChain adapter claims, and what it says about a message it cannot read. It is asked
 * before every provider surface, so no body of the corpus may be claimed; a LangChain object with
 * missing or odd fields gets a verdict, or a "cannot tell" naming the field, never a throw.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { langchain } from '../../../src/frameworks/langchain/index.js';
import { diagnoseCalls, diagnoseTruncation, readTurn } from '../../../src/index.js';
import { fixtureExchanges } from '../../hardening/support.js';
import { failureOf } from '../../matchers/support.js';

/** Recordings of many providers' bodies beside this repository, when the machine has them. */
const CORPORA = fileURLToPath(new URL('../../../../shared/corpora', import.meta.url));

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return jsonFiles(path);
    return name.endsWith('.json') ? [path] : [];
  });
}

const openaiMessage = (fields: Record<string, unknown>) => ({
  type: 'ai',
  content: '',
  tool_calls: [],
  invalid_tool_calls: [],
  additional_kwargs: {},
  response_metadata: { model_provider: 'openai', finish_reason: 'tool_calls' },
  ...fields,
});

describe('what the adapter claims', () => {
  test('no request or response of the corpus, nor its pieces', () => {
    const bodies = fixtureExchanges().flatMap(({ payload }) => {
      const { request, response } = payload as { request: unknown; response: unknown };
      const message = (response as { choices?: Array<{ message?: unknown }> })?.choices?.[0]
        ?.message;
      return [payload, request, response, message];
    });
    expect(bodies.length).toBeGreaterThan(60);
    for (const body of bodies) {
      if (typeof body !== 'object' || body === null) continue;
      expect(langchain.recognise(body as Record<string, unknown>)).toBe(false);
    }
  });

  test.skipIf(!existsSync(CORPORA))('no JSON body of the shared provider corpora', () => {
    let seen = 0;
    for (const path of jsonFiles(CORPORA)) {
      let body: unknown;
      try {
        body = JSON.parse(readFileSync(path, 'utf8'));
      } catch {
        continue;
      }
      if (typeof body !== 'object' || body === null) continue;
      seen += 1;
      expect([path, langchain.recognise(body as Record<string, unknown>)]).toEqual([path, false]);
    }
    expect(seen).toBeGreaterThan(100);
  });

  test('a provider message with tool_calls, a Chat request with messages, a bare list: not LangChain', () => {
    for (const value of [
      { role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function' }] },
      { model: 'gpt-4.1', messages: [{ type: 'ai', tool_calls: [], additional_kwargs: {} }] },
      { messages: [{ role: 'user', content: 'hi' }] },
      [{ role: 'user', content: 'hi' }],
      [],
      { type: 'ai' },
      { type: 'message', role: 'assistant', content: [] },
    ]) {
      expect(langchain.recognise(value)).toBe(false);
    }
  });
});

describe('missing or odd fields', () => {
  test('a human message holds no model output, and the matcher says so', () => {
    const human = { type: 'human', content: 'hi', additional_kwargs: {}, response_metadata: {} };
    expect(diagnoseTruncation(human).detail).toBe(
      'got a LangChain HumanMessage, which holds no model output; pass the AIMessage a chat model returned',
    );
    expect(failureOf(() => expect(human).toBeDispatchable())).toContain(
      'Received: a LangChain HumanMessage, which holds no model output',
    );
  });

  test('a serialised message without kwargs names the field', () => {
    const serialised = {
      lc: 1,
      type: 'constructor',
      id: ['langchain_core', 'messages', 'AIMessage'],
    };
    expect(diagnoseCalls(serialised)[0]?.detail).toBe(
      "got a serialised AIMessage whose kwargs is undefined, where the message's fields belong",
    );
  });

  test('a call without arguments, tool_calls that are no list, a junk call: read around, each named', () => {
    const [missing] = diagnoseCalls(
      openaiMessage({
        additional_kwargs: {
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'x' } }],
        },
      }),
    );
    expect(missing).toMatchObject({
      state: 'arguments-unparseable',
      at: 'additional_kwargs.tool_calls[0]',
    });
    expect(missing?.detail).toBe('No arguments to parse: the function.arguments field is absent.');
    const odd = { type: 'ai', content: '', tool_calls: 'soon', invalid_tool_calls: [null] };
    const read = readTurn(odd);
    expect(read.ok && read.turn.notes).toEqual(
      expect.arrayContaining([
        'tool_calls is the string "soon", not a list; no calls read from it',
        'invalid_tool_calls[0] is null, not a tool call; skipped',
      ]),
    );
    expect(diagnoseCalls(odd)).toEqual([]);
  });

  test('one chunk alone, with no finish_reason: the stream was read before its last chunk', () => {
    const chunk = openaiMessage({
      response_metadata: { model_provider: 'openai' },
      tool_call_chunks: [{ name: 'lookup_order', args: '{"order_id": "A-1', id: 'c1', index: 0 }],
    });
    const [verdict] = diagnoseCalls(chunk);
    expect(verdict?.state).toBe('arguments-truncated');
    expect(diagnoseTruncation(chunk).state).toBe('stream-cut');
    const read = readTurn(chunk);
    expect(read.ok && read.turn.stop.said).toBe(
      'no finish_reason in the AIMessageChunk: the stream ended before its last chunk, or was read before it',
    );
  });

  test('an un-awaited invoke() gets the forgot-await message', () => {
    const pending = Promise.resolve(openaiMessage({}));
    expect(failureOf(() => expect(pending).toBeDispatchable())).toContain(
      'received a Promise. Did you forget to await the response?',
    );
  });
});
