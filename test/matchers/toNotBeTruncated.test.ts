import { describe, expect, test } from 'vitest';
import { anthropicMessage, anthropicRequest, responsesResponse } from '../support/payloads.js';
import { failureOf } from './support.js';

describe('toNotBeTruncated', () => {
  test('passes on a completed response', () => {
    expect(responsesResponse({ text: '{"ok":true}' })).toNotBeTruncated();
  });

  test('fails on a response cut by its ceiling, with the state, the numbers and the repairs', () => {
    const cut = responsesResponse({
      text: '{"rows":[{"sku":"A-',
      ending: 'ceiling',
      maxOutputTokens: 512,
      outputTokens: 512,
    });
    expect(failureOf(() => expect(cut).toNotBeTruncated())).toMatchInlineSnapshot(`
      "expect(received).toNotBeTruncated()

      Expected the output not to be truncated, but it is truncated-by-length.
        Stopped on the output ceiling (status "incomplete" with incomplete_details.reason "max_output_tokens"); used 512 tokens of a 512-token ceiling, 100% of it. The text is a valid JSON prefix (ends inside a string; 3 unclosed containers): cut, not wrong.
      Repair:
        - Check the stop reason before parsing anything: status "incomplete" with incomplete_details.reason "max_output_tokens" means the output is a prefix, and a prefix of JSON is not JSON.
        - This turn was capped at 512 tokens and used 512 tokens: raise max_output_tokens above the largest answer the schema allows, with room for reasoning.
        - Or make one answer smaller: bound free-text fields and arrays in the schema, and paginate."
    `);
  });

  test('fails on a ceiling reached under a stop that says it finished, with the numbers', () => {
    const unreported = {
      request: anthropicRequest({ maxOutputTokens: 512 }),
      response: anthropicMessage({ text: 'Order A-1 shipped on', outputTokens: 512 }),
    };
    expect(failureOf(() => expect(unreported).toNotBeTruncated())).toMatchInlineSnapshot(`
      "expect(received).toNotBeTruncated()

      Expected the output not to be truncated, but it is ceiling-unreported.
        The output ceiling was reached without being reported: the stop said stop_reason "end_turn", but 512 of a 512-token max_tokens were used. Treat the output as cut: the text was cut mid-answer.
      Repair:
        - Treat stop_reason "end_turn" at the ceiling as a cut: count the output tokens against the ceiling before parsing anything or running any call.
        - This turn was capped at 512 tokens and used 512 tokens: raise max_tokens above the largest answer the schema allows, with room for reasoning.
        - Report it to whoever runs the server: it reported a finish for a turn that ran into its ceiling."
    `);
    expect({
      request: anthropicRequest({ maxOutputTokens: 512 }),
      response: anthropicMessage({ text: 'Order A-1 shipped on', outputTokens: 511 }),
    }).toNotBeTruncated();
  });

  test('fails on reasoning that spent the ceiling, a cut tool_use, and JSON cut with no reason', () => {
    expect(() =>
      expect(
        responsesResponse({ ending: 'ceiling', outputTokens: 100, reasoningTokens: 100 }),
      ).toNotBeTruncated(),
    ).toThrow(/ceiling-spent-on-reasoning/);
    expect(() =>
      expect(
        anthropicMessage({ calls: [{ name: 'charge', arguments: '{}' }], ending: 'ceiling' }),
      ).toNotBeTruncated(),
    ).toThrow(/truncated-tool-use/);
    const noReason = {
      ...responsesResponse({ text: '{"a": [1, 2', json: true }),
      status: undefined,
    };
    expect(() => expect(noReason).toNotBeTruncated()).toThrow(/cut-without-a-reason/);
  });

  test('accepts an Anthropic batch results line', () => {
    const line = JSON.stringify({
      custom_id: 'order-4471',
      result: { type: 'succeeded', message: anthropicMessage({ text: 'Done.' }) },
    });
    expect(line).toNotBeTruncated();
  });

  test('a plain string fails when it is a proper prefix of a JSON document', () => {
    expect('{"city": "Paris"}').toNotBeTruncated();
    expect(failureOf(() => expect('{"city": "Par').toNotBeTruncated())).toMatchInlineSnapshot(`
      "expect(received).toNotBeTruncated()

      Expected the text not to be truncated, but it is a proper prefix of a JSON document that does not parse.
        It ends inside a string; 1 unclosed container.
      Repair:
        - Find where the text was cut: check the stop reason of the response it came from, or whether a stream was read before its end."
    `);
  });

  test('malformed text passes, and .not says malformed is a different fault', () => {
    expect('{"city" "Paris"}').toNotBeTruncated();
    expect(
      failureOf(() => expect('{"city" "Paris"}').not.toNotBeTruncated()),
    ).toMatchInlineSnapshot(`
      "expect(received).not.toNotBeTruncated()

      Expected the text to be truncated, but it is malformed: expected ':' after an object key but found '"' at character 8.
        Malformed is a different fault from a cut: no continuation of this text can make it parse."
    `);
  });

  test('.not on text that parses or is empty says so in words, not as a state name', () => {
    expect(failureOf(() => expect('{"a": 1}').not.toNotBeTruncated())).toMatchInlineSnapshot(`
      "expect(received).not.toNotBeTruncated()

      Expected the text to be truncated, but it parses."
    `);
    expect(failureOf(() => expect('  ').not.toNotBeTruncated())).toMatchInlineSnapshot(`
      "expect(received).not.toNotBeTruncated()

      Expected the text to be truncated, but it is empty."
    `);
  });

  test('the hint names the options when they are passed, as every matcher does', () => {
    const cut = responsesResponse({ text: '{"a": [1', ending: 'ceiling' });
    expect(
      failureOf(() => expect(cut).toNotBeTruncated({ maxOutputTokens: 16 })).split('\n')[0],
    ).toBe('expect(received).toNotBeTruncated(options)');
  });

  test('.not fails on a complete response, saying what it is', () => {
    expect(
      failureOf(() =>
        expect(responsesResponse({ text: '{"ok":true}', json: true })).not.toNotBeTruncated(),
      ),
    ).toMatchInlineSnapshot(`
      "expect(received).not.toNotBeTruncated()

      Expected the output to be truncated, but it is complete.
        It finished (status "completed"), and the text parses as JSON."
    `);
  });
});
