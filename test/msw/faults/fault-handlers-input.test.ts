/**
 * What faultHandlers does with what it is given: bad options throw at set-up; a bad request (no
 * provider body, no tools, schemas nothing satisfies, a tool it does not declare) gets a 400 in
 * the provider's error shape naming the problem; the same seed answers the same bytes; a list
 * of faults is chosen from per request, among those the request can carry.
 */
import fc from 'fast-check';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { writeFault } from '../../../src/faults/write.js';
import { diagnoseCalls, FAULTS, reassembleStream } from '../../../src/index.js';
import {
  FAULT_HEADER,
  type FaultEvent,
  type FaultHandlersOptions,
  faultHandlers,
} from '../../../src/msw/index.js';
import { SURFACE_IDS } from '../../../src/registry/index.js';
import { TOOLS } from '../../faults/order-tools.js';
import { ask } from './support.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const CHAT_URL = 'http://localhost/v1/chat/completions';
const chatBody = (extra: Record<string, unknown> = {}) => ({
  model: 'gpt-4.1',
  messages: [{ role: 'user', content: 'Where is order A-1001?' }],
  tools: TOOLS.map((tool) => ({ type: 'function', function: tool })),
  ...extra,
});

async function post(url: string, body: unknown) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe('options are checked when the handlers are made', () => {
  test.each([
    [{ fault: 'truncated' }, /needs options\.fault: one of unknown-tool, .*; got "truncated"/],
    [{ fault: [] }, /needs options\.fault/],
    [{ fault: 'refused', seed: 1.5 }, /needs options\.seed to be an integer; got 1\.5/],
    [{ fault: 'refused', tool: '' }, /needs options\.tool to be a tool name/],
  ])('%j throws', (options, message) => {
    expect(() => faultHandlers(options as unknown as FaultHandlersOptions)).toThrow(
      new RegExp(`^tool-call-health: faultHandlers\\(\\) ${message.source}`),
    );
  });
});

describe('a request the handlers cannot answer with the fault gets a 400 naming the problem', () => {
  test('a body that is no provider request, in OpenAI error shape', async () => {
    server.use(...faultHandlers({ fault: 'refused' }));
    for (const body of ['not json', { hello: 'world' }]) {
      const answer = await post(CHAT_URL, body);
      expect(answer.status).toBe(400);
      expect(answer.headers.get(FAULT_HEADER)).toBe('error: not-a-provider-request');
      expect(JSON.parse(answer.text)).toEqual({
        error: {
          message: expect.stringMatching(
            /^tool-call-health: faultHandlers: the body sent to this OpenAI Chat Completions endpoint is no OpenAI Chat Completions request \((it has no "messages"|it is not a JSON object)\)$/,
          ),
          type: 'invalid_request_error',
          param: null,
          code: 'not-a-provider-request',
        },
      });
    }
  });

  test('a request with no tools: the official client raises it', async () => {
    server.use(...faultHandlers({ fault: 'arguments-truncated' }));
    for (const surface of ['openai-chat', 'anthropic-messages', 'bedrock-converse'] as const) {
      const answer = await ask(surface, false, []);
      expect(answer).toEqual({
        ok: false,
        status: 400,
        message: expect.stringMatching(
          /^tool-call-health: faultHandlers: the .+ request declares no function tools, so there is no tool to call; declare the agent's tools in the request$/,
        ),
      });
    }
    const gemini = await post('http://localhost/v1beta/models/gemini-2.5-flash:generateContent', {
      contents: [{ role: 'user', parts: [{ text: 'Hi' }] }],
    });
    expect(gemini.status).toBe(400);
    expect(JSON.parse(gemini.text).error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
  });

  test('schemas no arguments satisfy', async () => {
    server.use(...faultHandlers({ fault: 'arguments-truncated' }));
    const impossible = {
      type: 'function',
      function: {
        name: 'lookup_order',
        parameters: {
          type: 'object',
          properties: { order_id: { type: 'string', minLength: 5, maxLength: 2 } },
          required: ['order_id'],
        },
      },
    };
    const answer = await post(CHAT_URL, chatBody({ tools: [impossible] }));
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text).error).toMatchObject({
      code: 'unsatisfiable-schema',
      message: expect.stringMatching(
        /^tool-call-health: faultHandlers: no arguments satisfy the schema of the tool the calls could target \("lookup_order": no value the schema accepts: .*#\/properties\/order_id \(string: minLength 5 is above maxLength 2\)\)/,
      ),
    });
  });

  test('options.tool that the request does not declare', async () => {
    server.use(...faultHandlers({ fault: 'unknown-tool', tool: 'cancel_order' }));
    const answer = await post(CHAT_URL, chatBody());
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text).error.message).toBe(
      'tool-call-health: faultHandlers: options.tool is "cancel_order", which the request does not declare (it declares "lookup_order", "refund_order")',
    );
  });

  test('strict-void on a request with no strict tool, and ceiling-unreported with no ceiling', async () => {
    server.use(...faultHandlers({ fault: 'strict-void' }));
    const loose = chatBody({
      tools: TOOLS.map(({ strict: _strict, ...tool }) => ({ type: 'function', function: tool })),
    });
    expect(JSON.parse((await post(CHAT_URL, loose)).text).error.message).toBe(
      'tool-call-health: faultHandlers: the fault "strict-void" cannot be written on openai-chat: the request declares no tool with strict: true',
    );
    server.use(...faultHandlers({ fault: 'ceiling-unreported' }));
    expect(JSON.parse((await post(CHAT_URL, chatBody())).text).error.message).toBe(
      'tool-call-health: faultHandlers: the fault "ceiling-unreported" cannot be written on openai-chat: the request sets no output ceiling (max_completion_tokens), so no answer can be shown to reach it',
    );
  });
});

describe('nothing throws inside msw', () => {
  test('junk of every shape, on every route, gets an answer or a 400, never a throw', () => {
    const junk = fc.oneof(
      fc.anything(),
      fc.record({
        model: fc.string(),
        messages: fc.anything(),
        input: fc.anything(),
        contents: fc.anything(),
        tools: fc.oneof(fc.anything(), fc.array(fc.anything())),
        toolConfig: fc.anything(),
        stream: fc.anything(),
      }),
    );
    fc.assert(
      fc.property(
        junk,
        fc.constantFrom(...SURFACE_IDS),
        fc.boolean(),
        fc.constantFrom(...FAULTS),
        (body, surface, streamed, fault) => {
          const written = writeFault({ surface, streamed, body }, { fault, seed: 1 });
          if (!written.ok) expect(written.problem).toMatch(/^(?!tool-call-health)\S/);
        },
      ),
      { numRuns: 300, seed: 42 },
    );
  });

  test('an onFault that throws is a 400 the client raises', async () => {
    server.use(
      ...faultHandlers({
        fault: 'refused',
        onFault: () => {
          throw new Error('the test hook broke');
        },
      }),
    );
    const answer = await post(CHAT_URL, chatBody());
    expect(answer.status).toBe(400);
    expect(answer.headers.get(FAULT_HEADER)).toBe('error: handler-failed');
    expect(JSON.parse(answer.text).error.message).toBe(
      'tool-call-health: faultHandlers failed on this openai-chat request: the test hook broke',
    );
  });
});

describe('deterministic, and chosen per request', () => {
  async function answers(options: FaultHandlersOptions, count: number, body = chatBody()) {
    server.resetHandlers(...faultHandlers(options));
    const texts: string[] = [];
    for (let index = 0; index < count; index += 1) texts.push((await post(CHAT_URL, body)).text);
    return texts;
  }

  test('the same seed gives the same bytes in the same order; another seed does not', async () => {
    const first = await answers({ fault: 'arguments-violate-schema', seed: 7 }, 3);
    expect(await answers({ fault: 'arguments-violate-schema', seed: 7 }, 3)).toEqual(first);
    expect(new Set(first).size).toBe(3);
    expect(await answers({ fault: 'arguments-violate-schema', seed: 8 }, 3)).not.toEqual(first);
  });

  test('a list: one fault per request, each from the list, only those the request can carry', async () => {
    const events: FaultEvent[] = [];
    const options: FaultHandlersOptions = {
      fault: ['refused', 'strict-void', 'stream-cut', 'unknown-tool'],
      seed: 3,
      onFault: (event) => events.push(event),
    };
    server.use(...faultHandlers(options));
    const gemini = 'http://localhost/v1beta/models/gemini-2.5-flash:generateContent';
    const body = {
      contents: [{ role: 'user', parts: [{ text: 'Hi' }] }],
      tools: [{ functionDeclarations: TOOLS.map(({ strict: _s, ...tool }) => tool) }],
    };
    for (let index = 0; index < 4; index += 1) expect((await post(gemini, body)).status).toBe(200);
    // Gemini has no refusal and no strict mode, and this request streams nothing.
    expect(events.map((event) => event.fault)).toEqual([
      'unknown-tool',
      'unknown-tool',
      'unknown-tool',
      'unknown-tool',
    ]);
    events.length = 0;
    await answers(options, 12);
    const chosen = new Set(events.map((event) => event.fault));
    expect([...chosen].sort()).toEqual(['refused', 'strict-void', 'unknown-tool']);
  });

  test('a list none of whose faults the request can carry names them all', async () => {
    server.use(...faultHandlers({ fault: ['stream-cut', 'strict-void'] }));
    const answer = await post('http://localhost/v1/messages', {
      model: 'claude-sonnet-4-5-20250929',
      max_tokens: 1024,
      messages: [{ role: 'user', content: 'Hi' }],
      tools: TOOLS.map((tool) => ({ name: tool.name, input_schema: tool.parameters })),
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toEqual({
      type: 'error',
      error: {
        type: 'invalid_request_error',
        message: expect.stringMatching(
          /^tool-call-health: faultHandlers: none of the faults (stream-cut, strict-void|strict-void, stream-cut) can be written for this Anthropic request; the first: /,
        ),
      },
    });
  });

  test('options.tool is the tool the calls target', async () => {
    for (const fault of [
      'arguments-violate-schema',
      'arguments-truncated',
      'duplicate-call',
    ] as const) {
      const [text] = await answers({ fault, tool: 'refund_order', seed: 5 }, 1);
      const verdicts = diagnoseCalls({ request: chatBody(), response: JSON.parse(text ?? '') });
      expect(verdicts.map((verdict) => verdict.name)).toContain('refund_order');
      expect(verdicts.every((verdict) => verdict.name === 'refund_order')).toBe(true);
    }
  });
});

describe('the wire', () => {
  test('the header names the fault; a stream arrives event by event', async () => {
    server.use(...faultHandlers({ fault: 'stream-cut', chunkDelayMs: 1 }));
    const response = await fetch(CHAT_URL, {
      method: 'POST',
      body: JSON.stringify(chatBody({ stream: true })),
    });
    expect(response.headers.get(FAULT_HEADER)).toBe('stream-cut');
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    let reads = 0;
    let text = '';
    const reader = response.body?.getReader();
    for (;;) {
      const { done, value } = (await reader?.read()) ?? { done: true, value: undefined };
      if (done) break;
      reads += 1;
      text += new TextDecoder().decode(value);
    }
    expect(reads).toBe(text.split('\n\n').length - 1);
    expect(reassembleStream(text).state).toBe('cut');
  });

  test("Gemini's streamGenerateContent without alt=sse streams one JSON array", async () => {
    server.use(...faultHandlers({ fault: ['stream-cut', 'duplicate-call'], seed: 2 }));
    const url = 'http://localhost/v1beta/models/gemini-2.5-flash:streamGenerateContent';
    const body = {
      contents: [{ role: 'user', parts: [{ text: 'Hi' }] }],
      tools: [{ functionDeclarations: TOOLS.map(({ strict: _s, ...tool }) => tool) }],
    };
    const states = new Set<string>();
    for (let index = 0; index < 4; index += 1) {
      const answer = await post(url, body);
      expect(answer.headers.get('content-type')).toBe('application/json');
      expect(answer.text.startsWith('[')).toBe(true);
      states.add(reassembleStream(answer.text).state);
    }
    expect([...states].sort()).toEqual(['complete', 'cut']);
  });
});
