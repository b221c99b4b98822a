import { describe, expect, test } from 'vitest';
import {
  BAD_CHARGE,
  chatRequest,
  chatResponse,
  GOOD_CHARGE,
  responsesResponse,
} from '../support/payloads.js';
import { failureOf } from './support.js';

const charge = (args: string) => [{ name: 'charge', arguments: args }];

describe('toBeDispatchable', () => {
  test('passes when every call parses, names a declared tool and matches its schema', () => {
    expect(responsesResponse({ calls: charge(GOOD_CHARGE) })).toBeDispatchable();
    expect({
      request: chatRequest(),
      response: chatResponse({ calls: charge(GOOD_CHARGE) }),
    }).toBeDispatchable();
  });

  test('fails on each bad call, with its state, every violation and the repairs', () => {
    const response = responsesResponse({
      calls: [...charge(GOOD_CHARGE), ...charge(BAD_CHARGE)],
      parallel: false,
    });
    expect(failureOf(() => expect(response).toBeDispatchable())).toMatchInlineSnapshot(`
      "expect(received).toBeDispatchable()

      Expected every tool call to be dispatchable, but 1 of 2 is not:

        "charge" (call_a1b2c31) at output[1]: arguments-violate-schema
          Parses, and breaks the schema of "charge" in 3 places. The tool is strict, so constrained decoding should have prevented this.
          - arguments.amount_cents: expected integer, got string
          - arguments.currency: "gbp" is not one of the 2 declared values: "usd", "eur"
          - arguments.idempotency_key: not declared, and the schema forbids extra keys
          Repair:
            - Validate the arguments against the tool schema before dispatch, and return the errors to the model as the tool result so it can correct the call (one or two retries, then give up)."
    `);
  });

  test('fails on a whole, valid call in a cut turn, naming the state and the stop', () => {
    const cut = {
      request: chatRequest({ maxOutputTokens: 512, parallel: false }),
      response: chatResponse({ calls: charge(GOOD_CHARGE), ending: 'filter' }),
    };
    expect(failureOf(() => expect(cut).toBeDispatchable())).toMatchInlineSnapshot(`
      "expect(received).toBeDispatchable()

      Expected every tool call to be dispatchable, but 1 of 1 is not:

        "charge" (call_a1b2c30) at choices[0].message.tool_calls[0]: turn-cut
          Parses and matches the schema of strict tool "charge". Yet its turn was cut: a content filter stopped it (finish_reason "content_filter"), and the calls that would have followed may be missing; no call of a cut turn should run.
          Repair:
            - Check the stop reason before dispatching: do not run the calls of a cut turn, whole ones included, since the calls that would have followed may be missing.
            - Handle a filtered turn on the refusal path, not as a ceiling: a higher ceiling will not change it."
    `);
    // The same call, at its ceiling under a stop that says it finished.
    const unreported = {
      request: chatRequest({ maxOutputTokens: 512, parallel: false }),
      response: chatResponse({ calls: charge(GOOD_CHARGE), outputTokens: 512 }),
    };
    expect(failureOf(() => expect(unreported).toBeDispatchable())).toMatch(
      /: turn-cut\n.*the stop said finish_reason "tool_calls", but 512 of a 512-token max_completion_tokens were used/,
    );
    expect(unreported).not.toBeDispatchable();
    // One token below the ceiling, nothing says the turn was cut.
    const below = {
      request: chatRequest({ maxOutputTokens: 512, parallel: false }),
      response: chatResponse({ calls: charge(GOOD_CHARGE), outputTokens: 511 }),
    };
    expect(below).toBeDispatchable();
  });

  test('fails on a turn with no tool call, and says so', () => {
    expect(
      failureOf(() =>
        expect(responsesResponse({ text: 'Your order shipped.' })).toBeDispatchable(),
      ),
    ).toMatchInlineSnapshot(`
      "expect(received).toBeDispatchable()

      Expected a turn with tool calls, but this turn has none.
        - stop: status "completed"
        - text: "Your order shipped.""
    `);
  });

  test('fails when no tool declarations came with the response, rather than passing unchecked', () => {
    expect(
      failureOf(() => expect(chatResponse({ calls: charge(BAD_CHARGE) })).toBeDispatchable()),
    ).toMatchInlineSnapshot(`
      "expect(received).toBeDispatchable()

      Cannot tell: no tool declarations came with this OpenAI Chat Completions response, so no call was checked against a schema.
      Pass the exchange, expect({ request, response }).toBeDispatchable(), or the tools, .toBeDispatchable({ tools })."
    `);
    expect(chatResponse({ calls: charge(GOOD_CHARGE) })).toBeDispatchable({
      tools: chatRequest().tools,
    });
    // A Responses body that lost its echoed tools is named without a doubled article.
    const { tools: _, ...bare } = responsesResponse({ calls: charge(GOOD_CHARGE) });
    expect(failureOf(() => expect(bare).toBeDispatchable())).toContain(
      'Cannot tell: no tool declarations came with this OpenAI Responses API response, so',
    );
  });

  test('fails on a call made twice in one turn, naming the first; { duplicates: "allow" } judges each copy as itself', () => {
    const twice = {
      request: chatRequest({ parallel: true }),
      response: chatResponse({ calls: [...charge(GOOD_CHARGE), ...charge(GOOD_CHARGE)] }),
    };
    expect(failureOf(() => expect(twice).toBeDispatchable())).toMatchInlineSnapshot(`
      "expect(received).toBeDispatchable()

      Expected every tool call to be dispatchable, but 1 of 2 is not:

        "charge" (call_a1b2c31) at choices[0].message.tool_calls[1]: duplicate-call
          Repeats the call at choices[0].message.tool_calls[0] (call_a1b2c30): "charge" with the same arguments. A dispatcher that runs every call runs it twice.
          Repair:
            - Run each distinct call once: answer a repeat with the first call’s result instead of running it again (its call id still needs a result), and make side-effecting handlers idempotent on their arguments, since every repeat comes with a call id of its own."
    `);
    expect(twice).toBeDispatchable({ duplicates: 'allow' });
    // Allowing repeats allows nothing else: a cut turn still fails.
    const cut = {
      ...twice,
      response: chatResponse({
        calls: [...charge(GOOD_CHARGE), ...charge(GOOD_CHARGE)],
        ending: 'ceiling',
      }),
    };
    expect(() => expect(cut).toBeDispatchable({ duplicates: 'allow' })).toThrow(
      /2 of 2 are not[\s\S]*turn-cut[\s\S]*turn-cut/,
    );
  });

  test('its own options of the wrong kind are refused by name', () => {
    const response = responsesResponse({ calls: charge(GOOD_CHARGE) });
    expect(() => expect(response).toBeDispatchable({ duplicates: 'ignore' as 'allow' })).toThrow(
      `tool-call-health: toBeDispatchable({ duplicates }) takes 'fail' or 'allow'; received the string "ignore"`,
    );
    expect(() => expect(response).toBeDispatchable({ requireStrict: 'yes' as never })).toThrow(
      'tool-call-health: toBeDispatchable({ requireStrict }) takes true or false; received the string "yes"',
    );
  });

  test('requireStrict also fails calls to tools that are not strict', () => {
    const loose = responsesResponse({ calls: charge(GOOD_CHARGE), strict: false });
    expect(loose).toBeDispatchable();
    expect(failureOf(() => expect(loose).toBeDispatchable({ requireStrict: true }))).toContain(
      'Expected every tool call to be dispatchable from a strict tool, but 1 of 1 is not:',
    );
  });

  test('.not fails when every call is dispatchable, listing them', () => {
    expect(
      failureOf(() =>
        expect(responsesResponse({ calls: charge(GOOD_CHARGE) })).not.toBeDispatchable(),
      ),
    ).toMatchInlineSnapshot(`
      "expect(received).not.toBeDispatchable()

      Expected the turn not to be dispatchable, but its one tool call is:
        - "charge" (call_a1b2c30) at output[0]: dispatchable"
    `);
  });

  test('works as an asymmetric matcher', () => {
    const turns = [responsesResponse({ calls: charge(GOOD_CHARGE) })];
    expect(turns).toEqual([expect.toBeDispatchable()]);
  });
});
