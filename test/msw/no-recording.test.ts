/**
 * What recordedHandlers says when no recording matches (the 404 the SDK throws), which
 * recording it names as nearest, the ignore option, and the choice between recordings that
 * match, all through the official SDKs.
 */
import Anthropic from '@anthropic-ai/sdk';
import { setupServer } from 'msw/node';
import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { diagnoseTruncation } from '../../src/index.js';
import { type RecordingMismatch, recordedHandlers } from '../../src/msw/index.js';
import {
  anthropicMessage,
  anthropicRequest,
  CUT_CHARGE,
  chatRequest,
  chatResponse,
  GOOD_CHARGE,
  responsesResponse,
} from '../support/payloads.js';
import { harOf } from './support.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const openai = () =>
  new OpenAI({ apiKey: 'test-key-not-real', baseURL: 'http://localhost/v1', maxRetries: 0 });
const anthropic = () =>
  new Anthropic({ apiKey: 'test-key-not-real', baseURL: 'http://localhost', maxRetries: 0 });

const url = 'https://api.openai.com/v1/chat/completions';
const reply = (text: string) => chatResponse({ text });
const SYSTEM = (day: string) =>
  `You are the billing assistant of Acme Corp. Today is ${day}. Confirm every amount with the customer before you charge it, and never charge twice.`;
const chat = (user: string, extra: Record<string, unknown> = {}) => ({
  ...chatRequest(),
  messages: [
    { role: 'system', content: SYSTEM('2025-08-27') },
    { role: 'user', content: user },
  ],
  ...extra,
});
const send = (body: unknown) =>
  openai().chat.completions.create(body as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming);
const textOf = (completion: OpenAI.Chat.ChatCompletion) => completion.choices[0]?.message.content;
/** The list a 404 message suggests for `ignore`, read back from its JavaScript. */
const suggestedIgnore = (message: string): string[] => {
  const list = /pass \{ ignore: \[(.*)\] \}/.exec(message)?.[1] ?? '';
  return [...list.matchAll(/'((?:[^'\\]|\\.)*)'/g)].map(([, text = '']) =>
    text.replace(/\\(.)/g, '$1'),
  );
};
/** What the SDK threw, as a red test would print it. */
const thrown = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: unknown) => String(error),
  );

describe('the 404 when no recording matches', () => {
  test('names the nearest recording, the first differing path with both values around the change, and the rest counted', async () => {
    server.use(
      ...recordedHandlers(
        harOf(
          { url, request: chat('Refund order A-1001.', { model: 'gpt-4o' }), response: reply('a') },
          { url, request: chat('Charge acct_9 twelve dollars.'), response: reply('b') },
          { url, request: chat('Hi'), response: reply('c') },
        ),
      ),
    );

    const sent = chat('Charge acct_9 twenty dollars.');
    sent.messages.push({ role: 'user', content: 'Thanks.' });

    expect(await thrown(send(sent))).toMatchInlineSnapshot(`
      "Error: 404 tool-call-health: no recording matches POST /v1/chat/completions; nearest: recording 2 of 3 (2 fields differ) at HAR object entries[1]
        messages[1].content: recorded "Charge acct_9 twelve dollars.", sent "Charge acct_9 twenty dollars."
        and 1 other field: messages[2]
        if these fields may vary, pass { ignore: ['messages[1].content', 'messages[2]'] }"
    `);
  });

  test('a change deep in a long prompt is on screen, however far in it is', async () => {
    server.use(...recordedHandlers(harOf({ url, request: chat('Hi'), response: reply('a') })));

    const sent = chat('Hi');
    sent.messages[0] = { role: 'system', content: SYSTEM('2026-01-05') };
    expect(await thrown(send(sent))).toMatchInlineSnapshot(`
      "Error: 404 tool-call-health: no recording matches POST /v1/chat/completions; nearest: recording 1 of 1 (1 field differs) at HAR object entries[0]
        messages[0].content: recorded "… Acme Corp. Today is 2025-08-27. Confirm every a…", sent "… Acme Corp. Today is 2026-01-05. Confirm every a…"
        if this field may vary, pass { ignore: ['messages[0].content'] }"
    `);
  });

  test('the nearest differs in the fewest paths, then the fewest characters; not the first recording', async () => {
    const mismatches: RecordingMismatch[] = [];
    const onMismatch = (mismatch: RecordingMismatch) => mismatches.push(mismatch);
    const sent = chat('Charge acct_9 twelve dollars.');
    // Two paths, each one character off.
    const twoSmall = chat('Charge acct_9 twelve dollars!', { model: 'gpt-4.2' });
    // One path, many characters.
    const oneLarge = chat('Refund order A-1001 and close the ticket.');
    // One path, one character.
    const oneSmall = chat('Charge acct_9 twelve dollars?');

    server.use(
      ...recordedHandlers(
        harOf(
          { url, request: twoSmall, response: reply('a') },
          { url, request: oneLarge, response: reply('b') },
        ),
        { onMismatch },
      ),
    );
    expect(await thrown(send(sent))).toContain(
      'nearest: recording 2 of 2 (1 field differs) at HAR object entries[1]',
    );

    server.resetHandlers(
      ...recordedHandlers(
        harOf(
          { url, request: twoSmall, response: reply('a') },
          { url, request: oneLarge, response: reply('b') },
          { url, request: oneSmall, response: reply('c') },
        ),
        { onMismatch },
      ),
    );
    expect(await thrown(send(sent))).toContain(
      'nearest: recording 3 of 3 (1 field differs) at HAR object entries[2]',
    );
    // onMismatch hears every recording's lines, as the 404 words them.
    expect(mismatches[1]?.candidates).toEqual([
      {
        at: 'HAR object entries[0]',
        differences: [
          'model: recorded "gpt-4.2", sent "gpt-4.1"',
          'messages[1].content: recorded "Charge acct_9 twelve dollars!", sent "Charge acct_9 twelve dollars."',
        ],
      },
      {
        at: 'HAR object entries[1]',
        differences: [
          'messages[1].content: recorded "Refund order A-1001 and close the ticket.", sent "Charge acct_9 twelve dollars."',
        ],
      },
      {
        at: 'HAR object entries[2]',
        differences: [
          'messages[1].content: recorded "Charge acct_9 twelve dollars?", sent "Charge acct_9 twelve dollars."',
        ],
      },
    ]);
  });

  test('more than three other paths are counted, the first three named', async () => {
    server.use(...recordedHandlers(harOf({ url, request: chat('Hi'), response: reply('a') })));
    const sent = {
      ...chat('Hello'),
      model: 'gpt-4o',
      messages: [
        { role: 'developer', content: SYSTEM('2026-01-05') },
        { role: 'user', content: 'Hello' },
        { role: 'user', content: 'Are you there?' },
      ],
    };

    expect(await thrown(send(sent))).toMatchInlineSnapshot(`
      "Error: 404 tool-call-health: no recording matches POST /v1/chat/completions; nearest: recording 1 of 1 (5 fields differ) at HAR object entries[0]
        model: recorded "gpt-4.1", sent "gpt-4o"
        and 4 other fields: messages[0].role, messages[0].content, messages[1].content, …
        if these fields may vary, pass { ignore: ['model', 'messages[0]', 'messages[1].content', 'messages[2]'] }"
    `);
  });

  test('a streamed request against a JSON recording gets no ignore hint: stream cannot be ignored', async () => {
    server.use(...recordedHandlers(harOf({ url, request: chat('Hi'), response: reply('a') })));

    expect(await thrown(send(chat('Hi', { stream: true })))).toMatchInlineSnapshot(`
      "Error: 404 tool-call-health: no recording matches POST /v1/chat/completions; nearest: recording 1 of 1 (1 field differs) at HAR object entries[0]
        stream: recorded false, sent true"
    `);
  });

  test('the Anthropic SDK shows the message as it is, not as escaped JSON', async () => {
    const request = anthropicRequest();
    server.use(
      ...recordedHandlers(
        harOf({
          url: 'https://api.anthropic.com/v1/messages',
          request,
          response: anthropicMessage({ text: 'ok' }),
        }),
      ),
    );
    const sent = {
      ...request,
      messages: [{ role: 'user', content: 'Charge acct_9 "twenty" dollars.' }],
    } as Anthropic.MessageCreateParamsNonStreaming;

    await expect(anthropic().messages.create(sent)).rejects.toThrowErrorMatchingInlineSnapshot(`
      [Error: 404 tool-call-health: no recording matches POST /v1/messages; nearest: recording 1 of 1 (1 field differs) at HAR object entries[0]
        messages[0].content: recorded "Charge acct_9 twelve dollars.", sent "Charge acct_9 \\"twenty\\" dollars."
        if this field may vary, pass { ignore: ['messages[0].content'] }]
    `);
  });
});

describe('the ignore option', () => {
  test('a path printed by the 404 can be pasted into ignore, and the request then replays', async () => {
    const recorded = harOf({ url, request: chat('Hi'), response: reply('recorded') });
    const sent = chat('Hi');
    sent.messages[0] = { role: 'system', content: SYSTEM('2026-01-05') };

    server.use(...recordedHandlers(recorded));
    const message = await thrown(send(sent));
    const pasted = /pass \{ ignore: \['(.+)'\] \}/.exec(message)?.[1];
    expect(pasted).toBe('messages[0].content');

    server.resetHandlers(...recordedHandlers(recorded, { ignore: [pasted as string] }));
    expect(textOf(await send(sent))).toBe('recorded');
  });

  test('the list the 404 suggests, pasted whole, replays a request that differs in several places', async () => {
    const recorded = harOf({ url, request: chat('Charge acct_9.'), response: reply('recorded') });
    const sent = chat('Charge acct_9.', { model: 'gpt-4o' });
    sent.messages[0] = { role: 'system', content: SYSTEM('2026-01-05') };
    sent.messages.splice(1, 0, { role: 'user', content: 'Hello?' });

    server.use(...recordedHandlers(recorded));
    const pasted = suggestedIgnore(await thrown(send(sent)));
    expect(pasted).toEqual(['model', 'messages[0].content', 'messages[1]']);
    // One path at a time would have taken three tries.
    server.resetHandlers(...recordedHandlers(recorded, { ignore: pasted.slice(0, 1) }));
    expect(await thrown(send(sent))).toContain('404');

    server.resetHandlers(...recordedHandlers(recorded, { ignore: pasted }));
    expect(textOf(await send(sent))).toBe('recorded');
  });

  test('the suggestion keeps the paths already ignored, so it is the whole option', async () => {
    const recorded = harOf({ url, request: chat('Hi'), response: reply('recorded') });
    const sent = chat('Hello', { model: 'gpt-4o' });

    server.use(...recordedHandlers(recorded, { ignore: ['model'] }));
    const pasted = suggestedIgnore(await thrown(send(sent)));
    expect(pasted).toEqual(['model', 'messages[1].content']);
    server.resetHandlers(...recordedHandlers(recorded, { ignore: pasted }));
    expect(textOf(await send(sent))).toBe('recorded');
  });

  test('an ignored path is ignored on both sides: present in the recording only, or in the request only', async () => {
    const withName = chat('Hi');
    withName.messages[1] = { role: 'user', content: 'Hi', name: 'ana' } as never;
    const ignore = ['messages[*].name'];

    server.use(
      ...recordedHandlers(harOf({ url, request: withName, response: reply('a') }), { ignore }),
    );
    expect(textOf(await send(chat('Hi')))).toBe('a');

    server.resetHandlers(
      ...recordedHandlers(harOf({ url, request: chat('Hi'), response: reply('b') }), { ignore }),
    );
    expect(textOf(await send(withName))).toBe('b');
    // Without the option, it is a 404.
    server.resetHandlers(
      ...recordedHandlers(harOf({ url, request: chat('Hi'), response: reply('b') })),
    );
    expect(await thrown(send(withName))).toContain(
      'messages[1].name: recorded nothing, sent "ana"',
    );
  });

  test('ignoring the model replays a recording made with another model', async () => {
    server.use(
      ...recordedHandlers(harOf({ url, request: chat('Hi'), response: reply('a') }), {
        ignore: ['model'],
      }),
    );

    expect(textOf(await send(chat('Hi', { model: 'gpt-4o-mini' })))).toBe('a');
  });

  test('a path that does not parse is refused at set-up, naming the item', () => {
    const har = harOf({ url, request: chat('Hi'), response: reply('a') });

    expect(() => recordedHandlers(har, { ignore: ['model', 'messages.1.content'] })).toThrow(
      'tool-call-health: recordedHandlers() ignore[1] "messages.1.content" is not a path: an index is written in brackets, as [0]',
    );
    expect(() => recordedHandlers(har, { ignore: 'model' as never })).toThrow(
      'tool-call-health: recordedHandlers() option ignore is a list of paths (strings), got the string "model"',
    );
    expect(() => recordedHandlers(har, { ignore: ['stream'] })).toThrow(
      'tool-call-health: recordedHandlers() ignore[0] "stream" cannot be ignored',
    );
  });
});

describe('of the recordings that match, the one whose other fields differ least answers', () => {
  const responsesUrl = 'https://api.openai.com/v1/responses';
  const attempt = {
    model: 'gpt-5-2025-08-07',
    input: 'Charge acct_9 twelve dollars.',
    tools: responsesResponse().tools,
    max_output_tokens: 64,
  };
  const retry = { ...attempt, max_output_tokens: 2048 };
  const cut = responsesResponse({
    calls: [{ name: 'charge', arguments: CUT_CHARGE }],
    ending: 'ceiling',
    maxOutputTokens: 64,
  });
  const whole = responsesResponse({
    calls: [{ name: 'charge', arguments: GOOD_CHARGE }],
    maxOutputTokens: 2048,
  });
  const create = (body: unknown) =>
    openai().responses.create(body as OpenAI.Responses.ResponseCreateParamsNonStreaming);

  test('a retry that changed only max_output_tokens replays the recorded retry, not the cut attempt', async () => {
    server.use(
      ...recordedHandlers(
        harOf(
          { url: responsesUrl, request: attempt, response: cut },
          { url: responsesUrl, request: retry, response: whole },
        ),
      ),
    );

    const first = await create(attempt);
    expect(diagnoseTruncation({ request: attempt, response: first }).state).toBe(
      'truncated-by-length',
    );
    const second = await create(retry);
    expect(second.status).toBe('completed');
    expect(diagnoseTruncation({ request: retry, response: second }).state).toBe('complete');
  });

  test('a request between the two gets the first: equally far recordings keep file order', async () => {
    server.use(
      ...recordedHandlers(
        harOf(
          { url: responsesUrl, request: attempt, response: cut },
          { url: responsesUrl, request: retry, response: whole },
        ),
      ),
    );

    expect((await create({ ...attempt, max_output_tokens: 1000 })).status).toBe('incomplete');
  });

  test('ignoring max_output_tokens takes it out of the choice: the first recording answers both', async () => {
    server.use(
      ...recordedHandlers(
        harOf(
          { url: responsesUrl, request: attempt, response: cut },
          { url: responsesUrl, request: retry, response: whole },
        ),
        { ignore: ['max_output_tokens'] },
      ),
    );

    expect((await create(retry)).status).toBe('incomplete');
  });
});
