import { describe, expect, test } from 'vitest';
import { failureOf } from '../matchers/support.js';
import {
  BAD_CHARGE,
  CHARGE_SCHEMA,
  chatRequest,
  chatResponse,
  GOOD_CHARGE,
  OTHER_CHARGE,
  responsesResponse,
} from '../support/payloads.js';
import { readmeBlock } from './readme.js';

/**
 * The README's Matchers section: each sample runs as written (between the markers) on payloads
 * it passes on, and each message it shows is the one the matcher throws on the payload the
 * prose around it describes.
 */
const charge = (args: string) => ({ name: 'charge', arguments: args });

describe('toBeDispatchable', () => {
  test('the sample passes on a healthy exchange', () => {
    const request = chatRequest({ parallel: false });
    const response = chatResponse({ calls: [charge(GOOD_CHARGE)] });
    // --- README: `toBeDispatchable(options?)` ---
    expect({ request, response }).toBeDispatchable();
    // --- end ---
  });

  test('the message shown: a Responses turn whose second call, to strict charge, breaks its schema', () => {
    const response = responsesResponse({
      calls: [charge(GOOD_CHARGE), charge(BAD_CHARGE)],
      parallel: false,
    });
    expect(failureOf(() => expect(response).toBeDispatchable())).toBe(
      readmeBlock('`toBeDispatchable(options?)` › expect(received).toBeDispatchable()').text,
    );
  });
});

describe('toNotBeTruncated', () => {
  test('the sample passes on a finished response and on whole JSON text', () => {
    const response = responsesResponse({ text: '{"ok":true}' });
    const text = '{"ok":true}';
    // --- README: `toNotBeTruncated(options?)` ---
    expect(response).toNotBeTruncated();
    expect(text).toNotBeTruncated();
    // --- end ---
  });

  test('the message shown: JSON output cut by a 512-token ceiling', () => {
    const output = responsesResponse({
      text: '{"rows":[{"sku":"A-',
      ending: 'ceiling',
      maxOutputTokens: 512,
      outputTokens: 512,
    });
    expect(failureOf(() => expect(output).toNotBeTruncated())).toBe(
      readmeBlock('`toNotBeTruncated(options?)` › expect(received).toNotBeTruncated()').text,
    );
  });
});

describe('toKeepStrictGuarantee', () => {
  test('the sample passes on a strict, serialised request and response', () => {
    const requestBody = chatRequest({ parallel: false });
    const response = responsesResponse({ calls: [charge(GOOD_CHARGE)], parallel: false });
    // --- README: `toKeepStrictGuarantee(options?)` ---
    expect(requestBody).toKeepStrictGuarantee();
    expect(response).toKeepStrictGuarantee();
    // --- end ---
  });

  test('the message shown: two strict calls in one turn with parallel calls on', () => {
    const response = responsesResponse({
      calls: [charge(GOOD_CHARGE), charge(OTHER_CHARGE)],
      parallel: true,
    });
    expect(failureOf(() => expect(response).toKeepStrictGuarantee())).toBe(
      readmeBlock('`toKeepStrictGuarantee(options?)` › expect(received).toKeepStrictGuarantee()')
        .text,
    );
  });
});

describe('toBeStrictCompatible', () => {
  test('the sample passes on a strict-ready tool', () => {
    const tool = { type: 'function', name: 'charge', parameters: CHARGE_SCHEMA, strict: true };
    // --- README: `toBeStrictCompatible({ provider?, all? })` ---
    expect(tool).toBeStrictCompatible({ provider: 'openai' });
    // --- end ---
  });

  test('the message shown: a Chat tool whose schema is open, with an optional note that has a default', () => {
    const tool = {
      type: 'function',
      function: {
        name: 'lookup_order',
        strict: true,
        parameters: {
          type: 'object',
          properties: { order_id: { type: 'string' }, note: { type: 'string', default: '' } },
          required: ['order_id'],
        },
      },
    };
    expect(failureOf(() => expect(tool).toBeStrictCompatible({ provider: 'openai' }))).toBe(
      readmeBlock(
        '`toBeStrictCompatible({ provider?, all? })` › expect(received).toBeStrictCompatible(options)',
      ).text,
    );
  });
});

describe('toCallTool', () => {
  const response = responsesResponse({
    calls: [
      { name: 'lookup_order', arguments: '{"order_id":"A-1001"}' },
      {
        name: 'issue_refund',
        arguments: '{"order_id":"A-1001","amount_cents":1200,"reason":"damaged"}',
      },
    ],
  });

  test('the sample passes on a turn that refunded 1200', () => {
    // --- README: `toCallTool(name, expectedArguments?)` ---
    expect(response).toCallTool('issue_refund', {
      order_id: 'A-1001',
      amount_cents: expect.any(Number), // matchers work inside the expected arguments
      reason: 'damaged',
    });
    // --- end ---
  });

  test('the message shown: the call the prose names, on that turn', () => {
    expect(
      failureOf(() =>
        expect(response).toCallTool('issue_refund', {
          order_id: 'A-1001',
          amount_cents: 900,
          reason: 'damaged',
        }),
      ),
    ).toBe(
      readmeBlock(
        '`toCallTool(name, expectedArguments?)` › expect(received).toCallTool(name, expectedArguments)',
      ).text,
    );
  });
});
