import { describe, expect, test } from 'vitest';
import {
  anthropicMessage,
  anthropicRequest,
  chatRequest,
  GOOD_CHARGE,
  geminiRequest,
  responsesResponse,
} from '../support/payloads.js';
import { failureOf } from './support.js';

const calls = (n: number) =>
  Array.from({ length: n }, () => ({ name: 'charge', arguments: GOOD_CHARGE }));

describe('toKeepStrictGuarantee', () => {
  test('passes when strict is declared and parallel calls are off, on a response or a request', () => {
    expect(responsesResponse({ calls: calls(1), parallel: false })).toKeepStrictGuarantee();
    expect(chatRequest({ strict: true, parallel: false })).toKeepStrictGuarantee();
    expect(anthropicRequest({ strict: true, parallel: false })).toKeepStrictGuarantee();
  });

  test('fails on strict-void, naming the calls that carry no guarantee', () => {
    expect(
      failureOf(() => expect(responsesResponse({ calls: calls(2) })).toKeepStrictGuarantee()),
    ).toMatchInlineSnapshot(`
      "expect(received).toKeepStrictGuarantee()

      Expected the strict-schema guarantee to hold, but it is strict-void.
        2 calls in one turn ("charge", "charge"), with strict declared and parallel_tool_calls true. Strict schemas are not enforced on parallel calls, so none of these arguments is guaranteed.
        Calls with no guarantee:
          - "charge" (call_a1b2c30)
          - "charge" (call_a1b2c31)
      Repair:
        - Set parallel_tool_calls: false wherever strict schemas matter; it defaults to true, so nobody chose this.
        - If the fan-out is worth its latency, drop strict and validate the arguments yourself: do not rely on a guarantee that is not held.
        - Called "charge" 2 times with the same arguments in one turn (duplicate-call): run each distinct call once and answer a repeat with the first call’s result; every copy has a call id of its own, so keying handlers on the id does not stop a second run."
    `);
  });

  test('fails on strict-at-risk: one call this time, the configuration still loaded', () => {
    expect(
      failureOf(() => expect(chatRequest({ strict: true })).toKeepStrictGuarantee()),
    ).toMatchInlineSnapshot(`
      "expect(received).toKeepStrictGuarantee()

      Expected this request to keep the strict-schema guarantee in every turn (strict tools with parallel calls off), but as sent it is strict-at-risk.
        Strict on "charge", with parallel_tool_calls not set (it defaults to true): any turn this request returns with several calls carries no schema guarantee.
      Repair:
        - Set parallel_tool_calls: false now, before a turn with several calls arrives."
    `);
  });

  test('fails when no tool declares strict: there is no guarantee to keep', () => {
    expect(
      failureOf(() =>
        expect(chatRequest({ strict: false, parallel: false })).toKeepStrictGuarantee(),
      ),
    ).toMatchInlineSnapshot(`
      "expect(received).toKeepStrictGuarantee()

      Expected the strict-schema guarantee to hold, but there is no guarantee to keep (no-strict-declared).
        1 tool declared, none strict: no call in this turn was held to its schema.
      Repair:
        - Declare the tools with strict: true, and set parallel_tool_calls: false."
    `);
  });

  test('Anthropic with parallel tool use allowed fails, pointing at disable_parallel_tool_use', () => {
    const exchange = {
      request: anthropicRequest({ strict: true }),
      response: anthropicMessage({ calls: calls(1) }),
    };
    expect(failureOf(() => expect(exchange).toKeepStrictGuarantee())).toMatchInlineSnapshot(`
      "expect(received).toKeepStrictGuarantee()

      Expected the strict-schema guarantee to be kept by the request (strict tools with parallel calls off), but it is only strict-held: held this turn, not asked for.
        Strict on "charge", with parallel calls allowed and 1 call this turn. Anthropic does not document that parallel calls void strict tool use, so this is reported without a finding.
      Repair:
        - Set tool_choice.disable_parallel_tool_use: true so at most one call comes back per turn."
    `);
  });

  test('a request is judged on what every turn it returns carries, never as "held, and failing"', () => {
    expect(
      failureOf(() => expect(anthropicRequest({ strict: true })).toKeepStrictGuarantee()),
    ).toContain(
      'Expected this request to keep the strict-schema guarantee in every turn (strict tools with parallel calls off), but as sent it is strict-held.',
    );
  });

  test('a call repeated in a strict-held turn is named among the repairs', () => {
    const exchange = {
      request: anthropicRequest({ strict: true }),
      response: anthropicMessage({ calls: calls(2) }),
    };
    expect(failureOf(() => expect(exchange).toKeepStrictGuarantee())).toMatchInlineSnapshot(`
      "expect(received).toKeepStrictGuarantee()

      Expected the strict-schema guarantee to be kept by the request (strict tools with parallel calls off), but it is only strict-held: held this turn, not asked for.
        Strict on "charge", with parallel calls allowed and 2 calls this turn. Anthropic does not document that parallel calls void strict tool use, so this is reported without a finding.
      Repair:
        - Set tool_choice.disable_parallel_tool_use: true so at most one call comes back per turn.
        - Called "charge" 2 times with the same arguments in one turn (duplicate-call): run each distinct call once and answer a repeat with the first call’s result; every copy has a call id of its own, so keying handlers on the id does not stop a second run."
    `);
  });

  test("a repair names the provider's own setting, and none where the provider has none", () => {
    expect(
      failureOf(() => expect(anthropicRequest({ strict: false })).toKeepStrictGuarantee({})),
    ).toMatchInlineSnapshot(`
      "expect(received).toKeepStrictGuarantee(options)

      Expected the strict-schema guarantee to hold, but there is no guarantee to keep (no-strict-declared).
        1 tool declared, none strict: no call in this turn was held to its schema.
      Repair:
        - Declare the tools with strict: true, and set tool_choice.disable_parallel_tool_use: true."
    `);
    // Gemini documents no strict flag to declare and no setting that serialises calls.
    expect(failureOf(() => expect(geminiRequest()).toKeepStrictGuarantee())).toMatchInlineSnapshot(`
      "expect(received).toKeepStrictGuarantee()

      Expected the strict-schema guarantee to hold, but there is no guarantee to keep (no-strict-declared).
        1 tool declared, none strict: no call in this turn was held to its schema."
    `);
  });

  test('.not fails when the guarantee holds', () => {
    expect(
      failureOf(() =>
        expect(chatRequest({ strict: true, parallel: false })).not.toKeepStrictGuarantee(),
      ),
    ).toMatchInlineSnapshot(`
      "expect(received).not.toKeepStrictGuarantee()

      Expected the strict-schema guarantee not to hold, but it does (strict-serialised).
        Strict on "charge", with parallel calls off: the guarantee holds."
    `);
  });
});
