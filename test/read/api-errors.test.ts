/**
 * An API error body holds no model output: every reader names it as an error, with the
 * provider's status and message, whichever provider wrote it (#17).
 *
 * - OpenAI, Responses and Chat alike: `{"error": {"message", "type", "param", "code"}}`;
 * - Anthropic: `{"type": "error", "error": {"type", "message"}, "request_id"}`
 *   (https://docs.claude.com/en/api/errors, "Error shapes");
 * - Gemini: `{"error": {"code", "message", "status", "details"}}`, and on streamGenerateContent
 *   the same wrapped in a one-element array.
 */
import { describe, expect, test } from 'vitest';
import { diagnoseCalls, diagnoseTruncation, readTurn } from '../../src/index.js';

const openai = {
  error: {
    message: "Unsupported parameter: 'max_tokens' is not supported with this model.",
    type: 'invalid_request_error',
    param: 'max_tokens',
    code: 'unsupported_parameter',
  },
};
const anthropic = {
  type: 'error',
  error: { type: 'overloaded_error', message: 'Overloaded' },
  request_id: 'req_011CXPC6BqUogB959LWEf52X',
};
const gemini = {
  error: {
    code: 429,
    message: 'You exceeded your current quota, please check your plan and billing details.',
    status: 'RESOURCE_EXHAUSTED',
    details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '34s' }],
  },
};

/** OpenAI's rate-limit body: its type says only `requests`; its code names the error. */
const rateLimited = {
  error: {
    message: 'Rate limit reached for gpt-4.1 in organization org-x on requests per min (RPM).',
    type: 'requests',
    param: null,
    code: 'rate_limit_exceeded',
  },
};

const bodies: Array<[string, unknown, string]> = [
  [
    'OpenAI, named by its code',
    rateLimited,
    '(rate_limit_exceeded): Rate limit reached for gpt-4.1 in organization org-x on requests per min (RPM). It holds no model output.',
  ],
  [
    'OpenAI',
    openai,
    "(unsupported_parameter): Unsupported parameter: 'max_tokens' is not supported with this model. It holds no model output.",
  ],
  [
    'Anthropic, with its request_id',
    anthropic,
    '(overloaded_error): Overloaded; it holds no model output.',
  ],
  [
    'Gemini',
    gemini,
    '(429 RESOURCE_EXHAUSTED): You exceeded your current quota, please check your plan and billing details. It holds no model output.',
  ],
  [
    'Gemini, wrapped in an array by streamGenerateContent',
    [gemini],
    '(429 RESOURCE_EXHAUSTED): You exceeded your current quota, please check your plan and billing details. It holds no model output.',
  ],
];

describe.each(bodies)('an error body from %s', (_, body, named) => {
  test('readTurn names it an API error, with its status and message', () => {
    const read = readTurn(body);
    expect(read.ok).toBe(false);
    expect(!read.ok && read.problem).toContain(`got an API error response ${named}`);
  });

  test('as the response of an exchange too', () => {
    const read = readTurn({ request: { contents: [] }, response: body });
    expect(!read.ok && read.problem).toContain(
      `the exchange's response is an API error response ${named}`,
    );
  });

  test('the diagnoses call it unreadable, and say why', () => {
    const [verdict] = diagnoseCalls(body);
    expect(verdict).toMatchObject({ state: 'unreadable' });
    expect(verdict?.detail).toContain(`an API error response ${named}`);
    const truncation = diagnoseTruncation(body);
    expect(truncation.state).toBe('unreadable');
    expect(truncation.detail).toContain(`an API error response ${named}`);
  });
});

test('a body that only holds an error field among its own is no error body', () => {
  const read = readTurn({ id: 'x', status: 'failed', note: 'n', error: { message: 'm' } });
  expect(!read.ok && read.problem).toMatch(/^expected .*; got an object with keys/);
});
