/** What the recorder removes before anything is kept, and what it leaves alone. */
import { describe, expect, test } from 'vitest';
import {
  redact,
  redactEventStream,
  redactHeaders,
  redactSse,
  redactUrl,
} from '../../src/har/redact.js';
import { eventStreamMessages } from '../../src/har/sse.js';
import { reassembleStream } from '../../src/index.js';
import { bedrockEventStream } from '../../src/surfaces/bedrock-converse/write.js';

describe('redact', () => {
  test.each([
    ['an OpenAI key', 'key=sk-abcdefghijklmnop0123', 'key=[REDACTED]'],
    ['an OpenAI project key', '"sk-proj-Ab12_cd34-EF56gh78"', '"[REDACTED]"'],
    ['an Anthropic key', 'x sk-ant-api03-Ab12cd34EF56-gh78_ij90 y', 'x [REDACTED] y'],
    [
      'a Google key in a query string',
      '?alt=sse&key=AIzaSyA1b2C3d4E5f6G7h8I9j0KlMnOpQrStUv',
      '?alt=sse&key=[REDACTED]',
    ],
    [
      'a bearer token',
      'Authorization: Bearer eyJhbGciOi.J9.x-y_z',
      'Authorization: Bearer [REDACTED]',
    ],
    [
      'a key escaped inside JSON text',
      '{"content":"my key: sk-proj-0123456789abcdef\\n"}',
      '{"content":"my key: [REDACTED]\\n"}',
    ],
  ])('%s', (_, text, redacted) => {
    expect(redact(text)).toBe(redacted);
  });

  test.each([
    'task-management-system-of-record',
    'the sk- prefix alone',
    'disk-quota-exceeded-for-user',
    'AIza is how Google keys begin',
  ])('leaves ordinary text alone: %s', (text) => {
    expect(redact(text)).toBe(text);
  });

  test('extra patterns, with or without the g flag, replace every match', () => {
    expect(redact('acct_9 and acct_10', { patterns: [/acct_\d+/] })).toBe(
      '[REDACTED] and [REDACTED]',
    );
  });
});

describe('redactHeaders', () => {
  test('secret headers lose their whole value, whatever the case; others are only scanned', () => {
    expect(
      redactHeaders(
        [
          ['Authorization', 'Bearer sk-proj-0123456789abcdef'],
          ['X-Api-Key', 'anything at all'],
          ['set-cookie', '__cf_bm=abc; HttpOnly'],
          ['openai-project', 'proj_123'],
          ['x-forwarded-key', 'sk-0123456789abcdefgh'],
          ['content-type', 'application/json'],
          ['x-tenant', 't_1'],
        ],
        { headers: ['X-Tenant'] },
      ),
    ).toEqual([
      ['Authorization', '[REDACTED]'],
      ['X-Api-Key', '[REDACTED]'],
      ['set-cookie', '[REDACTED]'],
      ['openai-project', '[REDACTED]'],
      ['x-forwarded-key', '[REDACTED]'],
      ['content-type', 'application/json'],
      ['x-tenant', '[REDACTED]'],
    ]);
  });

  test('AWS SigV4: the signature and the session token are secrets, the signing time is not', () => {
    expect(
      redactHeaders([
        [
          'Authorization',
          'AWS4-HMAC-SHA256 Credential=ASIAEXAMPLE0123/20261201/us-east-1/bedrock/aws4_request, SignedHeaders=host;x-amz-date, Signature=30ef40f6',
        ],
        ['X-Amz-Security-Token', 'IQoJb3JpZ2luX2VjEExample'],
        ['X-Amz-Date', '20261201T145359Z'],
        ['x-amz-content-sha256', '14a1ebd27c156cdf'],
      ]),
    ).toEqual([
      ['Authorization', '[REDACTED]'],
      ['X-Amz-Security-Token', '[REDACTED]'],
      ['X-Amz-Date', '20261201T145359Z'],
      ['x-amz-content-sha256', '14a1ebd27c156cdf'],
    ]);
  });

  test('a SigV4 presigned URL loses its signature, credential and token, not its date', () => {
    expect(
      redactUrl(
        'https://bedrock-runtime.us-east-1.amazonaws.com/x?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=ASIA%2F1&X-Amz-Date=20261201T145359Z&X-Amz-Security-Token=IQo&X-Amz-Signature=30ef',
      ),
    ).toBe(
      'https://bedrock-runtime.us-east-1.amazonaws.com/x?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=[REDACTED]&X-Amz-Date=20261201T145359Z&X-Amz-Security-Token=[REDACTED]&X-Amz-Signature=[REDACTED]',
    );
  });
});

describe('redactEventStream', () => {
  const delta = (text: string) => ({
    contentBlockDelta: { contentBlockIndex: 0, delta: { text } },
  });
  const events = [
    { messageStart: { role: 'assistant' } },
    delta('Your key sk-proj-abc'),
    delta('def123456789 leaked'),
    delta(' again.'),
    { contentBlockStop: { contentBlockIndex: 0 } },
    { messageStop: { stopReason: 'end_turn' } },
  ];
  const bytes = bedrockEventStream(events);

  test('finds a key split across messages, and encodes those messages again, checksums and all', () => {
    const clean = redactEventStream(bytes);
    expect(Buffer.from(clean).toString('latin1')).not.toMatch(/sk-proj|def123/);
    const before = eventStreamMessages(bytes);
    const after = eventStreamMessages(clean);
    expect(after).toHaveLength(before.length);
    // Only the two messages that held the key changed.
    const changed = after.flatMap((message, index) =>
      Buffer.from(message).equals(Buffer.from(before[index] ?? [])) ? [] : [index],
    );
    expect(changed).toEqual([1, 2]);
    const stream = reassembleStream(clean);
    expect(stream.state).toBe('complete');
    expect(JSON.stringify(stream)).toContain('Your key [REDACTED] leaked again.');
  });

  test('a stream with no secret comes back as the same bytes; a cut last piece is kept as it was', () => {
    const plain = bedrockEventStream([events[0] ?? {}, delta('nothing here')]);
    expect(redactEventStream(plain)).toBe(plain);
    const cut = bytes.subarray(0, bytes.length - 7);
    const clean = redactEventStream(cut);
    expect(Buffer.from(clean).subarray(-20)).toEqual(Buffer.from(cut).subarray(-20));
    expect(Buffer.from(clean).toString('latin1')).not.toMatch(/sk-proj/);
  });
});

describe('redactSse', () => {
  const DONE = 'data: [DONE]\n\n';
  const delta = (text: string) =>
    `data: {"choices":[{"index":0,"delta":{"content":${JSON.stringify(text)}}}]}\n\n`;

  test('finds a key the stream split across events, and blanks every piece of it', () => {
    const stream = [
      delta('Your key is sk-pr'),
      delta('oj-0123'),
      delta('456789abcdef.'),
      DONE,
    ].join('');

    expect(redactSse(stream)).toBe(
      [delta('Your key is [REDACTED]'), delta(''), delta('.'), DONE].join(''),
    );
  });

  test('events without a secret stay byte for byte, event names and spacing included', () => {
    const stream =
      'event: content_block_delta\ndata:{"type":"content_block_delta","delta":{"text":"hi"}}\n\n' +
      'event: ping\ndata: {"type": "ping"}\n\n';

    expect(redactSse(stream)).toBe(stream);
  });

  test('a key inside one event is found as in any text, JSON or not', () => {
    expect(redactSse('data: not json sk-0123456789abcdefgh\n\n')).toBe(
      'data: not json [REDACTED]\n\n',
    );
  });

  test('the pieces of one field are read together, not with other fields', () => {
    const stream = 'data: {"a":"sk-","b":"x"}\n\ndata: {"a":"0123456789abcd","b":"y"}\n\n';

    expect(redactSse(stream)).toBe(
      'data: {"a":"[REDACTED]","b":"x"}\n\ndata: {"a":"","b":"y"}\n\n',
    );
  });
});

describe('redaction keeps prose and finds credentials by name', () => {
  test('"Bearer" in prose is not a token, so a recorded prompt still matches its request', () => {
    expect(redact('You are the Bearer of bad news.')).toBe('You are the Bearer of bad news.');
    expect(redact('Authorization: Bearer abcdefghijklmnop1234')).toBe(
      'Authorization: Bearer [REDACTED]',
    );
  });

  test('a bearer token is found in any case and after any whitespace, each time it appears', () => {
    const token = 'abcdefghijklmnop1234';
    expect(redact(`bearer ${token}\nBEARER\t${token} and Bearer  ${token} end`)).toBe(
      'bearer [REDACTED]\nBEARER\t[REDACTED] and Bearer  [REDACTED] end',
    );
    expect(redact(`xBearer ${token}`)).toBe(`xBearer ${token}`);
    // A token may run on into the next scheme: each token after a Bearer is still found.
    expect(redact(`Bearer ${token}-Bearer ${token}`)).toBe('Bearer [REDACTED] [REDACTED]');
  });

  test('secret query parameters are blanked whatever their value looks like', () => {
    expect(
      redactUrl('https://gw.test/v1beta/models/m:generateContent?key=plainsecret42&alt=sse'),
    ).toBe('https://gw.test/v1beta/models/m:generateContent?key=[REDACTED]&alt=sse');
    expect(redactUrl('https://gw.test/v1/x?access_token=abc&limit=3')).toBe(
      'https://gw.test/v1/x?access_token=[REDACTED]&limit=3',
    );
  });

  test('a key split across 40,000 streamed events is found, in one pass over the stream', () => {
    const key = 'sk-proj-ABCDEFGHIJKLMNOPQRSTUV';
    const pieces = ['filler '.repeat(20_000), key, ' tail'].join('').match(/.{1,4}/gs) ?? [];
    const sse = pieces
      .map((piece) => `data: ${JSON.stringify({ choices: [{ delta: { content: piece } }] })}\n\n`)
      .join('');
    const redacted = redactSse(sse);
    expect(redacted).not.toContain('ABCDEFGH');
    const text = redacted
      .split('\n\n')
      .filter(Boolean)
      .map((event) => JSON.parse(event.slice(6)).choices[0].delta.content)
      .join('');
    expect(text.endsWith('[REDACTED] tail')).toBe(true);
  });
});
