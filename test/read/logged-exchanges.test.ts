/**
 * Exchanges as loggers write them: `{ input, output }`, `{ req, res }`, and whole HTTP messages
 * (`{ request: { url, headers, body }, response: { status, headers, body } }`). Each reads as the
 * exchange it is, so the ceiling the request set still judges the output; a Responses request
 * or response is not mistaken for a pair.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { diagnoseTruncation, readTurn } from '../../src/index.js';

const fixtures = join(import.meta.dirname, '../../fixtures');

/** The request and response bodies of a shipped recording's first entry. */
function recorded(file: string): {
  request: Record<string, unknown>;
  response: Record<string, unknown>;
} {
  const [entry] = JSON.parse(readFileSync(join(fixtures, file), 'utf8')).log.entries;
  return {
    request: JSON.parse(entry.request.postData.text),
    response: JSON.parse(entry.response.content.text),
  };
}

describe('an exchange as a logger writes it', () => {
  const { request, response } = recorded('openai-chat/length-mid-arguments.har');
  const shapes = {
    '{ input, output }': { input: request, output: response },
    '{ req, res }': { req: request, res: response },
    'whole HTTP messages': {
      request: {
        url: 'https://api.openai.com/v1/chat/completions',
        method: 'POST',
        headers: {},
        body: request,
      },
      response: {
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(response),
      },
    },
  };

  test.each(Object.entries(shapes))(
    '%s reads as the exchange, the request filling in the ceiling',
    (_shape, logged) => {
      const read = readTurn(logged);
      expect(read).toMatchObject({
        ok: true,
        turn: { surface: 'openai-chat', source: 'response' },
      });
      const plain = readTurn({ request, response });
      expect(plain.ok && plain.turn.maxOutputTokens).toBeGreaterThan(0);
      expect(read.ok && read.turn.maxOutputTokens).toBe(plain.ok && plain.turn.maxOutputTokens);
      expect(diagnoseTruncation(logged).state).toBe(
        diagnoseTruncation({ request, response }).state,
      );
    },
  );

  test('a Responses request (input alone) and a Responses response (output is a list) are not pairs', () => {
    const responses = recorded('openai-responses/healthy-call.har');
    expect(readTurn(responses.request)).toMatchObject({ ok: true, turn: { source: 'request' } });
    expect(readTurn(responses.response)).toMatchObject({ ok: true, turn: { source: 'response' } });
    // An output that is no response body leaves the object as it was: a Responses request.
    expect(
      readTurn({ input: 'hello', output: { note: 'not a response' }, model: 'gpt-4.1' }),
    ).toMatchObject({
      ok: true,
      turn: { surface: 'openai-responses', source: 'request' },
    });
  });
});
