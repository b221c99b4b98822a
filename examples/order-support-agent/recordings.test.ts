/**
 * The regression suite: one block per recording in recordings/, named by its scenario. A
 * recording pins three things: the request the agent sends (a change means: re-record), what
 * tool-call-health says about the turn, and that the agent acts on exactly the calls the
 * library calls dispatchable. Add a recording and it is tested; no list to keep in step.
 */
import 'tool-call-health/vitest';
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { setupServer } from 'msw/node';
import OpenAI from 'openai';
import { diagnoseCalls, diagnoseStrictGuarantee, diagnoseTruncation } from 'tool-call-health';
import { readHar } from 'tool-call-health/har';
import { recordedHandlers } from 'tool-call-health/msw';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { OrderSupportAgent } from './agent.js';
import { OrderDesk, SAMPLE_ORDERS } from './order-desk.js';
import { SCENARIOS } from './scenarios.js';

const folder = new URL('./recordings/', import.meta.url).pathname;
const recordings = readdirSync(folder)
  .filter((file) => file.endsWith('.har'))
  .sort()
  .map((file) => ({ scenario: basename(file, '.har'), file: join(folder, file) }));

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe.each(recordings)('$scenario', ({ scenario, file }) => {
  const planned = SCENARIOS[scenario];
  const exchanges = readHar(file);
  const [exchange] = exchanges;
  if (planned === undefined || exchange === undefined || exchanges.length !== 1) {
    throw new Error(`${file}: expected one exchange of a scenario named in scenarios.ts`);
  }
  const recorded = { request: exchange.request.body, response: JSON.parse(exchange.response.text) };
  const agent = () =>
    new OrderSupportAgent(
      new OpenAI({
        apiKey: 'test-key-not-real',
        baseURL: 'https://api.openai.com/v1',
        maxRetries: 0,
      }),
      new OrderDesk(SAMPLE_ORDERS),
      planned.options,
    );

  test('the agent still sends the request that was recorded', () => {
    expect(agent().requestFor(planned.message)).toEqual(recorded.request);
  });

  test('the turn diagnoses as it did when recorded', () => {
    expect({
      calls: diagnoseCalls(recorded).map((verdict) => verdict.state),
      truncation: diagnoseTruncation(recorded).state,
      strict: diagnoseStrictGuarantee(recorded).state,
    }).toEqual(planned.diagnoses);
  });

  test('the agent runs exactly the calls tool-call-health calls dispatchable', async () => {
    server.use(...recordedHandlers(file));

    const turn = await agent().handle(planned.message);

    expect(turn.outcomes.map((outcome) => outcome.status)).toEqual(
      diagnoseCalls(turn.response).map((verdict) =>
        verdict.state.startsWith('dispatchable') ? 'ran' : 'rejected',
      ),
    );
  });

  const healthy =
    planned.diagnoses.calls.every((state) => state === 'dispatchable') &&
    planned.diagnoses.truncation === 'complete' &&
    planned.diagnoses.strict === 'strict-serialised';
  if (healthy) {
    test('its calls are dispatchable, whole, and held to their strict schemas', () => {
      expect(recorded).toBeDispatchable({ requireStrict: true });
      expect(recorded).toNotBeTruncated();
      expect(recorded).toKeepStrictGuarantee();
    });
  }
});
