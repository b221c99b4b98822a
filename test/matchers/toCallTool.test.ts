import { describe, expect, test } from 'vitest';
import { chatResponse, responsesResponse } from '../support/payloads.js';
import { failureOf } from './support.js';

const turn = responsesResponse({
  calls: [
    { name: 'lookup_order', arguments: '{"order_id":"A-1001"}' },
    {
      name: 'issue_refund',
      arguments: '{"order_id":"A-1001","amount_cents":1200,"reason":"damaged"}',
    },
  ],
});

describe('toCallTool', () => {
  test('passes when some call names the tool', () => {
    expect(turn).toCallTool('lookup_order');
    expect(turn).not.toCallTool('create_ticket');
  });

  test('compares parsed arguments with the framework equality, asymmetric matchers included', () => {
    expect(turn).toCallTool('issue_refund', {
      order_id: 'A-1001',
      amount_cents: 1200,
      reason: 'damaged',
    });
    expect(turn).toCallTool(
      'issue_refund',
      expect.objectContaining({ amount_cents: expect.any(Number) }),
    );
    expect(turn).not.toCallTool('issue_refund', { order_id: 'A-1001' });
  });

  test('fails showing the calls made, and gives the framework the closest call to diff', () => {
    let error: unknown;
    try {
      expect(turn).toCallTool('issue_refund', {
        order_id: 'A-1001',
        amount_cents: 900,
        reason: 'damaged',
      });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toMatchObject({
      actual: { order_id: 'A-1001', amount_cents: 1200, reason: 'damaged' },
      expected: { order_id: 'A-1001', amount_cents: 900, reason: 'damaged' },
    });
    expect(
      failureOf(() =>
        expect(turn).toCallTool('issue_refund', {
          order_id: 'A-1001',
          amount_cents: 900,
          reason: 'damaged',
        }),
      ),
    ).toMatchInlineSnapshot(`
      "expect(received).toCallTool(name, expectedArguments)

      Expected a call to "issue_refund" with the arguments below, but its one call has others.

      Expected arguments: Object {
        "amount_cents": 900,
        "order_id": "A-1001",
        "reason": "damaged",
      }

      The turn made 2 calls:
        - "lookup_order" (call_a1b2c30) at output[0]: {"order_id":"A-1001"}
        - "issue_refund" (call_a1b2c31) at output[1]: {"order_id":"A-1001","amount_cents":1200,"reason":"damaged"}"
    `);
  });

  test('fails when the tool is never called, and on a turn with no calls', () => {
    expect(failureOf(() => expect(turn).toCallTool('create_ticket'))).toContain(
      'Expected a call to "create_ticket", but the turn never calls it.',
    );
    expect(
      failureOf(() => expect(chatResponse({ text: 'Hello' })).toCallTool('create_ticket')),
    ).toMatchInlineSnapshot(`
      "expect(received).toCallTool(name)

      Expected a call to "create_ticket", but the turn never calls it.

      The turn made no tool calls."
    `);
  });

  test('a call whose arguments do not parse shows its state in place of arguments', () => {
    const broken = responsesResponse({
      calls: [{ name: 'issue_refund', arguments: '{"order_id": ' }],
    });
    expect(failureOf(() => expect(broken).toCallTool('issue_refund', {}))).toContain(
      '"issue_refund" (call_a1b2c30) at output[0]: arguments-unparseable',
    );
  });

  test('.not fails when a matching call exists, naming it', () => {
    expect(failureOf(() => expect(turn).not.toCallTool('lookup_order'))).toMatchInlineSnapshot(`
      "expect(received).not.toCallTool(name)

      Expected no call to "lookup_order", but "lookup_order" (call_a1b2c30) at output[0] is one."
    `);
  });
});
