/**
 * Unit tests of the agent: the official OpenAI client talks to msw, which answers as the
 * Responses API would, and the matchers judge what the client handed back. Each failing state
 * is shown twice: the matcher that catches it, and what the agent did about it.
 */
import 'tool-call-health/vitest';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import OpenAI from 'openai';
import { diagnoseCalls, diagnoseStrictGuarantee, diagnoseTruncation } from 'tool-call-health';
import { recordedHandlers } from 'tool-call-health/msw';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { type AgentOptions, OrderSupportAgent } from './agent.js';
import { OrderDesk, SAMPLE_ORDERS } from './order-desk.js';
import { call, type Plan, respond } from './stand-in-provider.js';
import { TOOLS } from './tools.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** The Responses API, answering whatever request comes with the calls the plan says. */
const modelWill = (plan: Plan) =>
  http.post('*/v1/responses', async ({ request }) =>
    HttpResponse.json(respond(await request.json(), plan)),
  );

/** An agent on a fresh desk; the client is made after listen(), so it uses msw's fetch. */
function agentWith(options: AgentOptions = {}) {
  const client = new OpenAI({
    apiKey: 'test-key-not-real',
    baseURL: 'https://api.openai.com/v1',
    maxRetries: 0,
  });
  const desk = new OrderDesk(SAMPLE_ORDERS);
  return { agent: new OrderSupportAgent(client, desk, options), desk };
}

const LONG_SUMMARY =
  'Customer reports that the fridge from order A-2012 arrived with a dented door and a cracked crisper drawer. The courier left it on the kerb, the customer photographed the damage before signing, and they want a technician visit or an exchange, not a refund, because they need a fridge this week.';

describe('the configuration', () => {
  test('OpenAI strict mode accepts the tool schemas as written', () => {
    expect(TOOLS).toBeStrictCompatible({ provider: 'openai' });
  });

  test('the request keeps the strict guarantee: strict tools, parallel calls off', () => {
    const { agent } = agentWith();
    expect(agent.requestFor('Where is A-1042?')).toKeepStrictGuarantee();
  });

  test('allowing parallel calls puts the guarantee at risk before any turn comes back', () => {
    const { agent } = agentWith({ parallelToolCalls: true });
    expect(() => expect(agent.requestFor('Where is A-1042?')).toKeepStrictGuarantee()).toThrow(
      /strict-at-risk/,
    );
  });
});

describe('a healthy turn', () => {
  test('one strict call with valid arguments: dispatchable, whole, strict held', async () => {
    server.use(
      modelWill({ calls: [call('lookup_order', { order_id: 'A-1042', include_items: false })] }),
    );
    const { agent } = agentWith();

    const turn = await agent.handle('Where is my order A-1042?');

    expect(turn.response).toBeDispatchable({ requireStrict: true });
    expect(turn.response).toNotBeTruncated();
    expect(turn.response).toKeepStrictGuarantee();
    expect(turn.response).toCallTool('lookup_order', { order_id: 'A-1042', include_items: false });
    expect(turn.outcomes).toEqual([
      expect.objectContaining({
        status: 'ran',
        output: expect.objectContaining({ carrier: 'UPS' }),
      }),
    ]);
  });

  test('a refund replayed from its recording reaches the desk', async () => {
    const recording = new URL('./recordings/refund-damaged-kettle.har', import.meta.url).pathname;
    server.use(...recordedHandlers(recording));
    const { agent, desk } = agentWith();

    const turn = await agent.handle(
      'The kettle from order A-2011 arrived with a cracked lid. Please refund it.',
    );

    expect(turn.response).toBeDispatchable();
    expect(turn.response).toCallTool(
      'issue_refund',
      expect.objectContaining({ amount_cents: 4_500 }),
    );
    expect(desk.refunds).toEqual([
      expect.objectContaining({ order_id: 'A-2011', amount_cents: 4_500 }),
    ]);
  });
});

describe('arguments-violate-schema', () => {
  // With parallel calls on, the second call is not held to its strict schema, and the model
  // writes the amount the way the customer did.
  const plan = {
    calls: [
      call('lookup_order', { order_id: 'A-2012', include_items: true }),
      call('issue_refund', {
        order_id: 'A-2012',
        reason: 'damaged',
        currency: 'gbp',
        amount_cents: '49.99',
        note: null,
      }),
    ],
  };

  test('toBeDispatchable fails, naming the call, the state and each broken key', async () => {
    server.use(modelWill(plan));
    const { agent } = agentWith({ parallelToolCalls: true });

    const { response } = await agent.handle('Refund 49.99 on A-2012, the fridge is dented.');

    expect(response).not.toBeDispatchable();
    expect(() => expect(response).toBeDispatchable()).toThrow(
      /"issue_refund" \(call_\w+\) at output\[2\]: arguments-violate-schema/,
    );
    const [lookup, refund] = diagnoseCalls(response);
    expect(lookup?.state).toBe('dispatchable');
    expect(refund?.state).toBe('arguments-violate-schema');
    expect(refund?.problems).toEqual([
      'arguments.amount_cents: expected integer, got string',
      'arguments.currency: "gbp" is not one of the 2 declared values: "usd", "eur"',
    ]);
  });

  test('the agent runs the lookup, refuses the refund, and tells the model why', async () => {
    server.use(modelWill(plan));
    const { agent, desk } = agentWith({ parallelToolCalls: true });

    const turn = await agent.handle('Refund 49.99 on A-2012, the fridge is dented.');

    expect(turn.outcomes.map((outcome) => outcome.status)).toEqual(['ran', 'rejected']);
    expect(turn.outcomes[1]?.output).toMatchObject({
      problems: [
        'arguments.currency: expected one of usd, eur',
        'arguments.amount_cents: expected whole cents',
      ],
    });
    expect(desk.refunds).toEqual([]);
  });
});

describe('truncated-by-length', () => {
  const plan = {
    calls: [
      call('create_ticket', {
        order_id: 'A-2012',
        category: 'damaged',
        summary: LONG_SUMMARY,
        priority: 'high',
      }),
    ],
  };

  test('a ceiling too low for the summary cuts the call: toNotBeTruncated fails', async () => {
    server.use(modelWill(plan));
    const { agent } = agentWith({ maxOutputTokens: 120 });

    const { response } = await agent.handle('My fridge from A-2012 arrived dented. Open a ticket.');

    expect(() => expect(response).toNotBeTruncated()).toThrow(/truncated-by-length/);
    expect(diagnoseTruncation(response)).toMatchObject({
      state: 'truncated-by-length',
      ceiling: 120,
      outputTokens: 120,
    });
    // Cut, not wrong: the arguments are a prefix of a valid call.
    expect(diagnoseCalls(response).map((verdict) => verdict.state)).toEqual([
      'arguments-truncated',
    ]);
  });

  test('the agent opens no ticket from a cut call, and says the turn was cut', async () => {
    server.use(modelWill(plan));
    const { agent, desk } = agentWith({ maxOutputTokens: 120 });

    const turn = await agent.handle('My fridge from A-2012 arrived dented. Open a ticket.');

    expect(turn.cut).toBe(true);
    expect(turn.outcomes).toEqual([
      expect.objectContaining({ status: 'rejected', reason: 'truncated' }),
    ]);
    expect(desk.tickets).toEqual([]);
  });

  test('with room for the answer, the same turn is whole and the ticket is opened', async () => {
    server.use(modelWill(plan));
    const { agent, desk } = agentWith();

    const turn = await agent.handle('My fridge from A-2012 arrived dented. Open a ticket.');

    expect(turn.response).toNotBeTruncated();
    expect(turn.response).toBeDispatchable();
    expect(desk.tickets).toEqual([expect.objectContaining({ summary: LONG_SUMMARY })]);
  });
});

describe('strict-void', () => {
  test('two valid calls with parallel calls on: dispatchable, and still no guarantee', async () => {
    server.use(
      modelWill({
        calls: [
          call('lookup_order', { order_id: 'A-2011', include_items: false }),
          call('lookup_order', { order_id: 'A-2012', include_items: false }),
        ],
      }),
    );
    const { agent } = agentWith({ parallelToolCalls: true });

    const { response } = await agent.handle('Where are A-2011 and A-2012?');

    // Both calls happen to be valid: luck, not the schema, held them.
    expect(response).toBeDispatchable();
    expect(() => expect(response).toKeepStrictGuarantee()).toThrow(/strict-void/);
    expect(diagnoseStrictGuarantee(response)).toMatchObject({
      state: 'strict-void',
      duplicates: { lookup_order: 2 },
    });
  });

  test('with parallel calls off, a one-call turn keeps the guarantee', async () => {
    server.use(
      modelWill({ calls: [call('lookup_order', { order_id: 'A-2011', include_items: false })] }),
    );
    const { agent } = agentWith();

    const { response } = await agent.handle('Where are A-2011 and A-2012?');

    expect(response).toKeepStrictGuarantee();
    expect(diagnoseStrictGuarantee(response).state).toBe('strict-serialised');
  });
});
