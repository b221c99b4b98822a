/**
 * The recorded streams of the shipped corpus, replayed to the real `streamText` through
 * @ai-sdk/openai and @ai-sdk/anthropic. A streamText step keeps the request body it sent but no
 * response body, so its calls, stop and usage come from the AI SDK's normalised content, and its
 * tools, strict flags, parallel setting and ceiling from that request body, read as its
 * provider's: the verdicts must be the manifest's, as for the raw stream.
 */
import { streamText } from 'ai';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import {
  diagnoseCalls,
  diagnoseStrictGuarantee,
  diagnoseTruncation,
  readTurn,
} from '../../../src/index.js';
import { callOptions, recordedRequest, replay, SCENARIOS } from './support.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const scenarios = SCENARIOS.filter((scenario) => scenario.name.startsWith('streams/'));
const SURFACE: Record<string, string> = {
  'streams/openai-chat-tool-calls': 'openai-chat',
  'streams/openai-chat-cut-mid-arguments': 'openai-chat',
  'streams/openai-responses-function-call': 'openai-responses',
  'streams/anthropic-tool-use': 'anthropic-messages',
};

describe('streamText over the recorded streams', () => {
  test('covers every recorded stream', () => {
    expect(scenarios.map((scenario) => scenario.name).sort()).toEqual(Object.keys(SURFACE).sort());
  });

  test.each(scenarios.map((scenario) => [scenario.name, scenario] as const))(
    '%s',
    async (name, scenario) => {
      replay(server, scenario.file);
      const surface = SURFACE[name] as string;
      const result = streamText({
        ...callOptions(surface, recordedRequest(scenario.file)),
        onError: () => {},
      });
      const steps = await result.steps;

      const read = readTurn(steps);
      expect(read.ok && read.turn.surface).toBe(surface);
      expect(read.ok && read.turn.tools?.length).toBeGreaterThan(0);
      expect(diagnoseCalls(steps).map((verdict) => verdict.state)).toEqual(scenario.expect.calls);
      expect(diagnoseTruncation(steps)).toMatchObject({
        state: scenario.expect.truncation,
        at: 'steps[0]',
      });
      expect(diagnoseStrictGuarantee(steps)).toMatchObject({
        state: scenario.expect.strict,
        at: 'steps[0]',
      });
    },
  );
});
