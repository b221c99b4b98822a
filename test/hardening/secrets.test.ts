/**
 * Secrets: no real key is committed, the recorder keeps none, and the CLI prints none.
 *
 * - fixtures/ and examples/ hold no key-shaped string and no authentication header with a
 *   value, whatever it looks like.
 * - Anywhere else in the repository a key-shaped string must be a fake listed in ALLOWED_FAKES,
 *   with the reason it is there. A new one fails this file until it is listed.
 * - The recorder's redaction covers headers, query strings, bodies and streamed bodies.
 * - The CLI (audit and fetch, text and --json, errors included) never prints a key.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readHar } from '../../src/har/index.js';
import { REDACTED, SECRET_HEADERS } from '../../src/har/redact.js';
import { type CapturedExchange, recordedEntry } from '../../src/msw/recorder.js';
import { type LocalServer, runCli, startServer } from './local-server.js';
import { filesUnder, root } from './support.js';

/** Key shapes, as the providers issue them, and bearer tokens. */
const KEY_SHAPES: readonly RegExp[] = [
  /(?<![A-Za-z0-9_-])sk-[A-Za-z0-9_-]{12,}/g,
  /(?<![A-Za-z0-9_-])AIza[0-9A-Za-z_-]{20,}/g,
  /\bBearer\s+[A-Za-z0-9._~+/=-]{16,}/g,
];

/** Header names whose value is a credential, however it is spelled. */
const AUTH_HEADERS = new Set([
  'authorization',
  'x-api-key',
  'x-goog-api-key',
  'api-key',
  'cookie',
  'proxy-authorization',
]);

/**
 * The one list of fake keys allowed in the repository, each with why it is there. Every one is
 * recognisably fake: it says FAKE, fake, TCH, WRONG, or counts up (0123…, abc…).
 */
const ALLOWED_FAKES: ReadonlyMap<string, string> = new Map([
  ['sk-proj-abc123def456ghi789', 'src/har/redact.ts: the TSDoc example of redact()'],
  [
    'sk-proj-TCHfakeKEYdoNOTleak000111',
    'test/cli/fetch.e2e.test.ts: the key fetch must never print',
  ],
  ['sk-proj-WRONGkeyALSOfake123456', 'test/cli/fetch.e2e.test.ts: a key the local server refuses'],
  [
    'sk-proj-FAKEKEYforTESTSonly0123456789',
    'test/cli/fetch.test.ts: the key fetch must never print',
  ],
  [
    'sk-proj-abcdefghijklmnop1234',
    'test/cli/ids.test.ts: a pasted key in an ids file, never echoed',
  ],
  ['Bearer tch-fake-proxy-key-0001', 'test/cli/terminal.test.ts: a proxy key in a terminal test'],
  [
    'sk-proj-abcdefghijklmnopqrst',
    'test/cli/terminal.test.ts: a key the terminal output must hide',
  ],
  [
    'AIzaSyFAKEfake0123456789abcdefghijklmn',
    'test/msw/recorder.test.ts: the Google key the recorder must redact',
  ],
  ['sk-FAKEpastedIntoAPrompt0123456789', 'test/msw/recorder.test.ts: a key pasted into a prompt'],
  [
    'sk-ant-api03-FAKEfake0123456789abcdefghij-KLMNOPQRSTUV_wxyz0123-AAAA',
    'test/msw/recorder.test.ts: the Anthropic key',
  ],
  ['sk-proj-FAKEechoedInAStream0123456789', 'test/msw/recorder.test.ts: a key echoed in a stream'],
  [
    'sk-proj-FAKEfake0123456789abcdefghijKLMNOPqrstuv_wxyz-0123',
    'test/msw/recorder.test.ts: the OpenAI key',
  ],
  [
    'AIzaSyA1b2C3d4E5f6G7h8I9j0KlMnOpQrStUv',
    'test/har/redact.test.ts: a Google key shape to redact',
  ],
  ['Bearer abcdefghijklmnop1234', 'test/har/redact.test.ts: a bearer token to redact'],
  ['Bearer eyJhbGciOi.J9.x-y_z', 'test/har/redact.test.ts: a JWT-shaped bearer token to redact'],
  ['Bearer sk-proj-0123456789abcdef', 'test/har/redact.test.ts: a bearer key to redact'],
  ['sk-0123456789abcdefgh', 'test/har/redact.test.ts: a legacy key shape'],
  ['sk-abcdefghijklmnop0123', 'test/har/redact.test.ts: a legacy key shape'],
  ['sk-ant-api03-Ab12cd34EF56-gh78_ij90', 'test/har/redact.test.ts: an Anthropic key shape'],
  [
    'sk-management-system-of-record',
    'test/har/redact.test.ts: prose the look-behind must not take for a key',
  ],
  ['sk-proj-0123456789abcdef', 'test/har/redact.test.ts: a project key shape'],
  ['sk-proj-ABCDEFGHIJKLMNOPQRSTUV', 'test/har/redact.test.ts: a project key shape'],
  ['sk-proj-Ab12_cd34-EF56gh78', 'test/har/redact.test.ts: a project key shape'],
  ['sk-quota-exceeded-for-user', 'test/har/redact.test.ts: prose shaped like a key'],
  [
    'sk-proj-HARDENINGfake0123456789',
    'test/hardening/secrets.test.ts: the OpenAI key the CLI must never print',
  ],
  [
    'sk-ant-api03-HARDENINGfake0123456789',
    'test/hardening/secrets.test.ts: an Anthropic key echoed by a server',
  ],
  [
    'AIzaHARDENINGfake0123456789abcdefgh',
    'test/hardening/secrets.test.ts: a Google key in a recording',
  ],
  [
    'Bearer HARDENINGfakeToken0123456789',
    'test/hardening/secrets.test.ts: a bearer token in a recording',
  ],
]);

const OPENAI_KEY = 'sk-proj-HARDENINGfake0123456789';
const ANTHROPIC_KEY = 'sk-ant-api03-HARDENINGfake0123456789';
const GOOGLE_KEY = 'AIzaHARDENINGfake0123456789abcdefgh';
const BEARER = 'Bearer HARDENINGfakeToken0123456789';
/** Not key-shaped: only the literal scrub of the configured key can catch it. */
const PROXY_KEY = 'tch-hardening-proxy-key-4242';

function keyShapedIn(text: string): string[] {
  return KEY_SHAPES.flatMap((shape) => text.match(shape) ?? []);
}

/** Credential headers with a value other than [REDACTED], in any JSON document. */
function authHeadersIn(value: unknown, at = ''): string[] {
  if (Array.isArray(value))
    return value.flatMap((item, index) => authHeadersIn(item, `${at}[${index}]`));
  if (typeof value !== 'object' || value === null) return [];
  const record = value as Record<string, unknown>;
  const found: string[] = [];
  const name = typeof record.name === 'string' ? record.name.toLowerCase() : undefined;
  if (name !== undefined && AUTH_HEADERS.has(name) && record.value !== REDACTED) {
    found.push(`${at}: ${name} header with a value`);
  }
  for (const [key, child] of Object.entries(record)) {
    if (AUTH_HEADERS.has(key.toLowerCase()) && typeof child === 'string' && child !== REDACTED) {
      found.push(`${at}.${key}: a value`);
    }
    found.push(...authHeadersIn(child, `${at}.${key}`));
  }
  return found;
}

/** `?key=…` and friends with a value other than [REDACTED], in URLs anywhere in a text. */
function secretQueriesIn(text: string): string[] {
  return [...text.matchAll(/[?&](key|api_key|apikey|access_token|token)=([^&#"\s]*)/gi)]
    .filter((match) => match[2] !== REDACTED && match[2] !== encodeURIComponent(REDACTED))
    .map((match) => match[0]);
}

describe('nothing committed holds a key', () => {
  const recorded = [...filesUnder(join(root, 'fixtures')), ...filesUnder(join(root, 'examples'))];

  test('fixtures/ and examples/ are there to scan', () => {
    expect(recorded.filter((file) => file.endsWith('.har')).length).toBeGreaterThan(30);
    expect(recorded.some((file) => file.startsWith('examples/'))).toBe(true);
  });

  test('no key-shaped string, auth header value or secret query parameter in fixtures/ or examples/', () => {
    const found: string[] = [];
    for (const file of recorded) {
      const text = readFileSync(join(root, file), 'utf8');
      for (const key of keyShapedIn(text)) found.push(`${file}: ${key}`);
      for (const query of secretQueriesIn(text)) found.push(`${file}: ${query}`);
      if (/\.(har|json)$/.test(file)) {
        for (const header of authHeadersIn(JSON.parse(text))) found.push(`${file}${header}`);
      }
      for (const match of text.matchAll(
        /['"]?(x-api-key|x-goog-api-key|authorization)['"]?\s*:\s*['"`]([^'"`]+)['"`]/gi,
      )) {
        if (match[2] !== REDACTED) found.push(`${file}: ${match[1]}: ${match[2]}`);
      }
    }
    expect(found).toEqual([]);
  });

  test('everywhere else, every key-shaped string is a listed fake', () => {
    const sources = ['src', 'test', 'bench', 'scripts', 'bin']
      .flatMap((folder) => {
        try {
          return filesUnder(join(root, folder));
        } catch {
          return [];
        }
      })
      .filter((file) => /\.(ts|js|mjs|cjs|json|md)$/.test(file));
    sources.push('README.md');
    const unlisted: string[] = [];
    for (const file of sources) {
      for (const key of keyShapedIn(readFileSync(join(root, file), 'utf8'))) {
        if (!ALLOWED_FAKES.has(key)) unlisted.push(`${file}: ${key}`);
      }
    }
    expect(unlisted).toEqual([]);
  });

  test('every listed fake looks fake', () => {
    for (const key of ALLOWED_FAKES.keys()) {
      expect(key).toMatch(
        /FAKE|fake|TCH|WRONG|HARDENING|0123|abc|ABC|Ab12|A1b2|-[a-z]+-[a-z]+-|eyJ/,
      );
    }
  });
});

/** An exchange as the recorder captures it, with secrets everywhere it can find room. */
function exchangeWith(
  parts: Partial<CapturedExchange['request']> & {
    responseText?: string;
    responseType?: string;
    error?: string;
  },
): CapturedExchange {
  return {
    startedAt: new Date('2025-06-01T12:00:00Z'),
    time: 12,
    request: {
      method: 'POST',
      url: parts.url ?? 'https://api.openai.com/v1/responses',
      headers: parts.headers ?? [['content-type', 'application/json']],
      text: parts.text ?? '',
    },
    response: {
      status: 200,
      statusText: 'OK',
      headers: [['content-type', parts.responseType ?? 'application/json']],
      text: parts.responseText ?? '{}',
      ...(parts.error === undefined ? {} : { error: parts.error }),
    },
  };
}

const everySecret = [
  OPENAI_KEY,
  ANTHROPIC_KEY,
  GOOGLE_KEY,
  BEARER.slice('Bearer '.length),
  PROXY_KEY,
];

function expectNoSecret(text: string): void {
  for (const secret of everySecret) expect(text).not.toContain(secret);
}

describe('the recorder keeps no secret', () => {
  test('every credential header, in any casing, on the request and the response', () => {
    const headers: Array<[string, string]> = SECRET_HEADERS.flatMap((name) => [
      [name, PROXY_KEY],
      [name.toUpperCase(), OPENAI_KEY],
    ]);
    const exchange = exchangeWith({ headers });
    exchange.response.headers.push(
      ['Set-Cookie', `session=${PROXY_KEY}`],
      ['X-Api-Key', ANTHROPIC_KEY],
    );
    const entry = recordedEntry(exchange);
    expectNoSecret(JSON.stringify(entry));
    for (const header of [...entry.request.headers, ...entry.response.headers]) {
      if (AUTH_HEADERS.has(header.name.toLowerCase())) expect(header.value).toBe(REDACTED);
    }
    // A header the recorder does not know is kept, but a key shape in it is still replaced.
    const other = recordedEntry(exchangeWith({ headers: [['x-debug', `auth=${BEARER}`]] }));
    expect(other.request.headers).toEqual([{ name: 'x-debug', value: `auth=Bearer ${REDACTED}` }]);
  });

  test('query strings: secret parameters by name, key shapes wherever they are', () => {
    const url = `https://generativelanguage.googleapis.com/v1beta/models/m:generateContent?alt=sse&key=${GOOGLE_KEY}&Api_Key=${PROXY_KEY}&%6Bey=${PROXY_KEY}&access_token=${PROXY_KEY}&q=${OPENAI_KEY}`;
    const entry = recordedEntry(exchangeWith({ url }));
    expectNoSecret(JSON.stringify(entry));
    expect(entry.request.queryString.find((query) => query.name === 'alt')?.value).toBe('sse');
  });

  test('request and response bodies, JSON or not', () => {
    const entry = recordedEntry(
      exchangeWith({
        text: JSON.stringify({ input: `my key is ${OPENAI_KEY}`, metadata: { auth: BEARER } }),
        responseText: `<html><body>bad key ${ANTHROPIC_KEY} / ${GOOGLE_KEY}</body></html>`,
        responseType: 'text/html',
      }),
    );
    expectNoSecret(JSON.stringify(entry));
  });

  test('streamed bodies, including a key split across events', () => {
    const deltas = [
      'Your key is ',
      OPENAI_KEY.slice(0, 9),
      OPENAI_KEY.slice(9, 20),
      OPENAI_KEY.slice(20),
      ' — rotate it.',
    ];
    const sse = deltas
      .map(
        (content) =>
          `data: ${JSON.stringify({ object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content } }] })}\n\n`,
      )
      .join('');
    const entry = recordedEntry(
      exchangeWith({ responseText: `${sse}data: [DONE]\n\n`, responseType: 'text/event-stream' }),
    );
    expect(entry.response.content.text).not.toContain(OPENAI_KEY.slice(9));
    expect(entry.response.content.text).toContain(REDACTED);
    expect(entry.response.content.text).toContain('rotate it');
  });

  test('the error of a body that broke off', () => {
    const entry = recordedEntry(exchangeWith({ error: `socket hang up while sending ${BEARER}` }));
    expectNoSecret(JSON.stringify(entry));
  });

  test('readHar quotes a broken URL redacted and short in its error', () => {
    const url = `/v1beta/models/m:generateContent?key=${PROXY_KEY}&pad=${'x'.repeat(1_000)}`;
    const read = () =>
      readHar({
        log: { entries: [{ request: { method: 'POST', url }, response: { status: 200 } }] },
      } as never);
    expect(read).toThrow(
      `tool-call-health: HAR object entries[0]: request.url is not an absolute URL ("/v1beta/models/m:generateContent?key=[REDACTED]&pad=${'x'.repeat(26)}…)`,
    );
  });

  test('any key shape, anywhere in any text', () => {
    const secret = fc.oneof(
      fc.stringMatching(/^sk-(proj-|ant-api03-)?[A-Za-z0-9_-]{20,40}$/),
      fc.stringMatching(/^AIza[0-9A-Za-z_-]{35}$/),
    );
    fc.assert(
      fc.property(fc.string(), secret, fc.string(), (before, key, after) => {
        // A key glued to a word is not a key; the look-behind wants a boundary.
        const text = `${before} ${key} ${after}`;
        const entry = recordedEntry(
          exchangeWith({
            url: `https://x.test/?q=${key}`,
            text,
            responseText: text,
            headers: [['x-note', text]],
          }),
        );
        expect(JSON.stringify(entry)).not.toContain(key);
      }),
      { numRuns: 200 },
    );
  });
});

describe('the CLI never prints a key', () => {
  let server: LocalServer;
  let work: string;
  const env = { OPENAI_API_KEY: `${OPENAI_KEY}\n`, ANTHROPIC_API_KEY: PROXY_KEY };

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'tool-call-health-secrets-'));
    server = await startServer(() => {});
  });
  afterAll(async () => {
    await server.close();
    rmSync(work, { recursive: true, force: true });
  });

  function idsFile(ids: string[]): string {
    const file = join(work, `ids-${ids.length}-${ids[0]}.txt`);
    writeFileSync(file, `${ids.join('\n')}\n`);
    return file;
  }

  test('a 401 that echoes the key, and a 400 that echoes it, in text and --json', async () => {
    server.route = (request, response) => {
      const echoed = `${request.headers.authorization} ${request.headers['x-api-key'] ?? ''}`;
      if (request.url?.endsWith('/resp_refused')) {
        response.writeHead(401, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({ error: { message: `Incorrect API key provided: ${echoed}` } }),
        );
        return;
      }
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: `upstream said ${echoed} ${GOOGLE_KEY}` } }));
    };
    for (const output of [[], ['--json']]) {
      const failing = await runCli(
        [
          'fetch',
          '--ids',
          idsFile(['resp_broken']),
          '--base-url',
          server.base,
          '--max-retries',
          '0',
          ...output,
        ],
        env,
      );
      // Nothing was fetched, so exit code 2; the failure itself is listed.
      expect(failing.code).toBe(2);
      expect(failing.stdout).toContain('HTTP 400: upstream said Bearer [REDACTED]');
      expectNoSecret(failing.stdout + failing.stderr);
      const refused = await runCli(
        ['fetch', '--ids', idsFile(['resp_refused']), '--base-url', server.base, ...output],
        env,
      );
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('OPENAI_API_KEY is missing, invalid or revoked');
      expectNoSecret(refused.stdout + refused.stderr);
    }
  });

  test('a body, an HTML page and a batch that echo keys', async () => {
    server.route = (request, response) => {
      if (request.url?.endsWith('/resp_html')) {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end(`<html>proxy saw ${request.headers.authorization}</html>`);
        return;
      }
      if (request.url?.includes('/messages/batches/')) {
        response.writeHead(502, { 'content-type': 'text/html' });
        response.end(`<html>bad gateway for ${request.headers['x-api-key']}</html>`);
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          object: 'response',
          status: 'completed',
          output: [],
          metadata: { k: OPENAI_KEY },
        }),
      );
    };
    const run = await runCli(
      [
        'fetch',
        '--ids',
        idsFile(['resp_html', 'resp_echo']),
        '--batch',
        'msgbatch_hardening',
        '--base-url',
        server.base,
        '--max-retries',
        '0',
        '--json',
        '--show-all',
      ],
      env,
    );
    expect(run.code).toBe(1);
    expectNoSecret(run.stdout + run.stderr);
    const saved = join(work, 'saved');
    const save = await runCli(
      ['fetch', '--ids', idsFile(['resp_echo']), '--base-url', server.base, '--save', saved],
      env,
    );
    expect(save.code).toBe(0);
    expectNoSecret(readFileSync(join(saved, 'resp_echo.json'), 'utf8'));
  });

  test('audit of recordings that hold keys prints none, in text or --json', async () => {
    const folder = join(work, 'recordings');
    rmSync(folder, { recursive: true, force: true });
    await import('node:fs/promises').then(({ mkdir }) => mkdir(folder, { recursive: true }));
    writeFileSync(
      join(folder, 'error.json'),
      JSON.stringify({ error: { message: `Incorrect API key provided: ${OPENAI_KEY} ${BEARER}` } }),
    );
    writeFileSync(
      join(folder, 'broken.jsonl'),
      `{"note": "${GOOGLE_KEY}"\n{"custom_id": "${ANTHROPIC_KEY}"}\n`,
    );
    writeFileSync(
      join(folder, 'request.har'),
      JSON.stringify({
        log: {
          entries: [
            {
              request: { method: 'GET', url: `not a url ${OPENAI_KEY}` },
              response: { status: 200 },
            },
          ],
        },
      }),
    );
    for (const output of [['--show-all'], ['--json', '--show-all']]) {
      const run = await runCli(['audit', ...output, folder], { OPENAI_API_KEY: PROXY_KEY });
      expect(run.stdout + run.stderr).toMatch(/error\.json/);
      expectNoSecret(run.stdout + run.stderr);
      // Kept out of the output, but still in the recordings: the team is told to rotate them.
      expect(run.stderr).toMatch(
        /^tool-call-health: \d+ keys were found in what was read and written as \[REDACTED\] here; the recordings still hold them, so rotate them/m,
      );
    }
    const clean = await runCli(['audit', join(root, 'fixtures/openai-chat/healthy-call.har')], {});
    expect(clean.stderr).not.toContain('keys were found');
  });
});
