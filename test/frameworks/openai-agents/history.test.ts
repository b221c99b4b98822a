/**
 * The OpenAI Agents SDK's own conversation (`result.history`, items keyed by camelCase
 * `callId`) is judged as the SDK sends it. The history comes from a real run against a
 * recording, and each verdict is checked against the request the SDK sends when that history is
 * given back to it as input, caught by msw: the items and the body they become get one state.
 */
import type { AgentInputItem, RunResult } from '@openai/agents';
import { HttpResponse, http } from 'msw';
import { describe, expect, test } from 'vitest';
import { diagnoseHistory } from '../../../src/index.js';
import { agentFor, recording, runner, runRecorded, server, useServer } from './support.js';

useServer();

const FILE = 'openai-responses/healthy-call.har';

/** The history a real run keeps: the question, the model's reasoning and call, the tool's result. */
async function history(): Promise<AgentInputItem[]> {
  const { result, error } = await runRecorded(FILE, false);
  if (result === undefined) throw error;
  // biome-ignore lint/suspicious/noExplicitAny: the SDK's result type is generic over its agent.
  return (result as RunResult<any, any>).history;
}

/** The Responses request body the SDK sends when given these items as input. */
async function bodySent(items: AgentInputItem[]): Promise<unknown> {
  const { request, responseText } = recording(FILE, false);
  let sent: unknown;
  server.use(
    http.post('https://api.openai.com/v1/responses', async ({ request: sentRequest }) => {
      sent = await sentRequest.json();
      return new HttpResponse(responseText, { headers: { 'content-type': 'application/json' } });
    }),
  );
  await runner.run(agentFor(request), items, { maxTurns: 1 }).catch(() => undefined);
  return sent;
}

describe('diagnoseHistory on the Agents SDK’s items', () => {
  test('a run’s history: consistent, read as the SDK sends it to the Responses API', async () => {
    const items = await history();
    expect(items.map((item) => item.type ?? 'message')).toEqual([
      'message',
      'reasoning',
      'function_call',
      'function_call_result',
    ]);
    const verdict = diagnoseHistory(items);
    expect(verdict).toMatchObject({
      state: 'history-consistent',
      surface: 'openai-responses',
      calls: 1,
      results: 1,
    });
    expect(verdict.notes[0]).toMatch(/^read as the OpenAI Agents SDK sends the items/);
    expect(diagnoseHistory(await bodySent(items)).state).toBe('history-consistent');
  });

  test('a call whose result was trimmed away: unanswered-call, as the request the SDK sends', async () => {
    const items = (await history()).filter((item) => item.type !== 'function_call_result');
    expect(diagnoseHistory(items).state).toBe('unanswered-call');
    expect(diagnoseHistory(await bodySent(items)).state).toBe('unanswered-call');
  });

  test('a result whose call was trimmed away: orphan-result, as the request the SDK sends', async () => {
    const items = (await history()).filter((item) => item.type !== 'function_call');
    expect(diagnoseHistory(items).state).toBe('orphan-result');
    expect(diagnoseHistory(await bodySent(items)).state).toBe('orphan-result');
  });

  test('with { surface: "openai-chat" }, as its Chat Completions model writes them', async () => {
    const items = await history();
    expect(diagnoseHistory(items, { surface: 'openai-chat' })).toMatchObject({
      state: 'history-consistent',
      surface: 'openai-chat',
    });
    const trimmed = items.filter((item) => item.type !== 'function_call_result');
    expect(diagnoseHistory(trimmed, { surface: 'openai-chat' }).state).toBe('unanswered-call');
  });
});
