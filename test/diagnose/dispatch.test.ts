import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { verdictsFor } from '../../src/diagnose/dispatch.js';
import { readTurn } from '../../src/diagnose/turn.js';
import { diagnoseCalls } from '../../src/index.js';
import {
  anthropicMessage,
  anthropicRequest,
  BAD_CHARGE,
  CHARGE_SCHEMA,
  CUT_CHARGE,
  chatRequest,
  chatResponse,
  GOOD_CHARGE,
  geminiRequest,
  geminiResponse,
  responsesResponse,
  type Scenario,
} from '../support/payloads.js';

/** Each surface as a user would hand it over: Responses echoes its request, the others need it. */
const surfaces = {
  'openai-responses': (s: Scenario) => responsesResponse(s),
  'openai-chat': (s: Scenario) => ({ request: chatRequest(s), response: chatResponse(s) }),
  'anthropic-messages': (s: Scenario) => ({
    request: anthropicRequest(s),
    response: anthropicMessage(s),
  }),
  gemini: (s: Scenario) => ({ request: geminiRequest(s), response: geminiResponse(s) }),
};

const charge = (args: string) => [{ name: 'charge', arguments: args }];

describe.each(Object.entries(surfaces))('on %s', (surface, payload) => {
  const strictSurface = surface !== 'gemini';

  test('a valid call to a strict tool is dispatchable (Gemini has no strict, so it is unconstrained there)', () => {
    const [verdict] = diagnoseCalls(payload({ calls: charge(GOOD_CHARGE), strict: true }));
    expect(verdict?.state).toBe(strictSurface ? 'dispatchable' : 'dispatchable-unconstrained');
    expect(verdict?.name).toBe('charge');
    expect(verdict?.callId).toEqual(surface === 'gemini' ? null : expect.any(String));
    expect(verdict?.arguments).toEqual({
      account_id: 'acct_9',
      amount_cents: 1200,
      currency: 'usd',
    });
    expect(verdict?.problems).toEqual([]);
  });

  test('a valid call to a tool that is not strict is dispatchable-unconstrained', () => {
    const [verdict] = diagnoseCalls(payload({ calls: charge(GOOD_CHARGE), strict: false }));
    expect(verdict?.state).toBe('dispatchable-unconstrained');
    expect(verdict?.detail).toContain('nothing guaranteed');
    expect(verdict?.repairs[0]).toContain(surface === 'gemini' ? 'VALIDATED' : 'strict: true');
    // The call may run; the repair is for the calls to come, and says so without contradiction.
    expect(verdict?.repairs[0]).toMatch(/^The call is fine as it stands\. (Declare|Set) /);
  });

  test('arguments that parse and break the schema name every violation with its path', () => {
    const [verdict] = diagnoseCalls(payload({ calls: charge(BAD_CHARGE), strict: false }));
    expect(verdict?.state).toBe('arguments-violate-schema');
    expect(verdict?.problems).toEqual(
      expect.arrayContaining([
        'arguments.amount_cents: expected integer, got string',
        'arguments.currency: "gbp" is not one of the 2 declared values: "usd", "eur"',
      ]),
    );
    // Gemini's OpenAPI schemas cannot forbid extra keys.
    if (surface !== 'gemini') {
      expect(verdict?.problems).toContain(
        'arguments.idempotency_key: not declared, and the schema forbids extra keys',
      );
    }
    expect(verdict?.repairs[0]).toContain('return the errors to the model');
  });

  test('a required key that is missing is reported missing', () => {
    const [verdict] = diagnoseCalls(
      payload({ calls: charge('{"account_id":"acct_9","currency":"usd"}') }),
    );
    expect(verdict?.state).toBe('arguments-violate-schema');
    expect(verdict?.problems).toEqual(['arguments.amount_cents: required and missing']);
    // Only the whole text shows a key missing: no character doomed it.
    expect(verdict).not.toHaveProperty('doomedAt');
  });

  test('a call that breaks its schema says where it was doomed: the first character no completion gets past', () => {
    const [verdict] = diagnoseCalls(payload({ calls: charge(BAD_CHARGE), strict: false }));
    // The quote that begins a string where an integer is owed; Anthropic and Gemini send the
    // arguments decoded, and their JSON text is the same here.
    expect(verdict?.doomedAt).toBe(BAD_CHARGE.indexOf('"1200"'));
    const [valid] = diagnoseCalls(payload({ calls: charge(GOOD_CHARGE), strict: false }));
    expect(valid).not.toHaveProperty('doomedAt');
  });

  test('verdictsFor watches for doomedAt only when asked: the audit, which never prints it, does not pay for it', () => {
    const read = readTurn(payload({ calls: charge(BAD_CHARGE), strict: false }));
    if (!read.ok) throw new Error(read.problem);
    const [plain] = verdictsFor(read.turn);
    expect(plain?.state).toBe('arguments-violate-schema');
    expect(plain).not.toHaveProperty('doomedAt');
    const [asked] = verdictsFor(read.turn, { doomedAt: true });
    expect(asked?.doomedAt).toBe(BAD_CHARGE.indexOf('"1200"'));
  });

  test('a call to a tool nobody declared is unknown-tool, with the nearest declared name', () => {
    const [verdict] = diagnoseCalls(
      payload({ calls: [{ name: 'charge_v2', arguments: GOOD_CHARGE }] }),
    );
    expect(verdict?.state).toBe('unknown-tool');
    expect(verdict?.detail).toContain(
      'No tool named "charge_v2" was declared (declared: "charge")',
    );
    expect(verdict?.detail).toContain('the nearest is "charge"');
    expect(verdict?.repairs[1]).toContain('renamed on one side only');
  });

  test('a tool named like an Object.prototype key is unknown unless declared', () => {
    const [verdict] = diagnoseCalls(payload({ calls: [{ name: 'toString', arguments: '{}' }] }));
    expect(verdict?.state).toBe('unknown-tool');
  });

  test('a schema that does not compile is schema-invalid, a finding about the tool', () => {
    const broken = {
      tools: [
        {
          type: 'function',
          name: 'charge',
          parameters: { type: 'object', properties: { a: { type: 'strang' } } },
          strict: true,
        },
      ],
    };
    const [verdict] = diagnoseCalls(payload({ calls: charge(GOOD_CHARGE) }), broken);
    expect(verdict?.state).toBe('schema-invalid');
    expect(verdict?.detail).toContain('The schema declared for "charge" does not compile');
  });
});

describe('arguments-unparseable and arguments-truncated', () => {
  test('OpenAI: broken JSON on a finished response is unparseable, with where it broke', () => {
    for (const payload of [
      responsesResponse({ calls: charge('{{"account_id":"acct_9"}}') }),
      {
        request: chatRequest(),
        response: chatResponse({ calls: charge('{{"account_id":"acct_9"}}') }),
      },
    ]) {
      const [verdict] = diagnoseCalls(payload);
      expect(verdict?.state).toBe('arguments-unparseable');
      expect(verdict?.detail).toMatch(/^The arguments do not parse: .+ at character 1\.$/);
      expect(verdict?.repairs[0]).toContain('try/catch');
    }
  });

  test('broken JSON from a strict tool is never told to declare strict: it is told what is left', () => {
    const broken = '{{"account_id":"acct_9"}}';
    // Strict, one call: strict decoding should have written JSON, so the provider is at fault.
    const [alone] = diagnoseCalls(responsesResponse({ calls: charge(broken), strict: true }));
    expect(alone?.repairs.at(-1)).toMatch(
      /^"charge" is declared strict, so its arguments should have been decoded as JSON: report the response \(resp_\w+\) to the OpenAI Responses API\.$/,
    );
    // Strict, several calls with parallel calls on: the setting that voided strict.
    const [first] = diagnoseCalls(
      responsesResponse({ calls: [...charge(broken), ...charge(GOOD_CHARGE)], strict: true }),
    );
    expect(first?.repairs.at(-1)).toBe(
      'Set parallel_tool_calls: false: strict schemas are not enforced on parallel calls.',
    );
    // Not strict: declaring it strict is the repair.
    const [loose] = diagnoseCalls(responsesResponse({ calls: charge(broken), strict: false }));
    expect(loose?.repairs.at(-1)).toMatch(/^Declare "charge" with strict: true/);
    for (const verdict of [alone, first]) {
      expect(verdict?.repairs.join('\n')).not.toMatch(/Declare "charge" with strict/);
    }
  });

  test('broken JSON in a cut turn: the detail says how that turn was cut, and that this is no cut', () => {
    const response = chatResponse({ calls: charge('{{"account_id":"acct_9"}}') });
    const [choice] = response.choices;
    const ended = (finish_reason: string) => ({
      request: chatRequest(),
      response: { ...response, choices: [{ ...choice, finish_reason }] },
    });
    const said = (finish_reason: string) => diagnoseCalls(ended(finish_reason))[0]?.detail;
    expect(said('model_length')).toBe(
      "The arguments do not parse: expected a double-quoted object key but found '{' at character 1. The payload stopped when the context window filled, but a cut leaves a valid prefix and this is not one, so the text was broken before the cut.",
    );
    expect(said('length')).toContain('The payload stopped on its ceiling, but a cut');
    expect(said('content_filter')).toContain('The payload was stopped by a content filter, but');
  });

  test('OpenAI: a cut JSON prefix on a response that stopped on its ceiling is arguments-truncated', () => {
    const responses = diagnoseCalls(
      responsesResponse({
        calls: charge(CUT_CHARGE),
        ending: 'ceiling',
        maxOutputTokens: 64,
        outputTokens: 64,
      }),
    );
    expect(responses[0]?.state).toBe('arguments-truncated');
    expect(responses[0]?.detail).toContain(
      'status "incomplete" with incomplete_details.reason "max_output_tokens"; used 64 tokens of a 64-token ceiling, 100% of it',
    );
    expect(responses[0]?.detail).toContain('Not a schema fault.');
    expect(responses[0]?.repairs[1]).toBe(
      'Raise max_output_tokens above 64, or make the arguments smaller (bounded strings and arrays).',
    );

    const [chat] = diagnoseCalls({
      request: chatRequest({ maxOutputTokens: 64 }),
      response: chatResponse({ calls: charge(CUT_CHARGE), ending: 'ceiling', outputTokens: 64 }),
    });
    expect(chat?.state).toBe('arguments-truncated');
    expect(chat?.detail).toContain('finish_reason "length"');
    expect(chat?.repairs[1]).toContain('Raise max_completion_tokens above 64');
  });

  test('OpenAI: a valid prefix on a finished response was read too early, not cut by the ceiling', () => {
    const [verdict] = diagnoseCalls(responsesResponse({ calls: charge(CUT_CHARGE) }));
    expect(verdict?.state).toBe('arguments-unparseable');
    expect(verdict?.detail).toContain('valid JSON prefix');
    expect(verdict?.detail).toContain('read before every delta arrived');
  });

  test('OpenAI: malformed text on a cut response is still unparseable: a cut leaves a prefix', () => {
    const [verdict] = diagnoseCalls(
      responsesResponse({ calls: charge('{"a" 1'), ending: 'ceiling' }),
    );
    expect(verdict?.state).toBe('arguments-unparseable');
    expect(verdict?.detail).toContain('broken before the cut');
  });

  test('Chat: an empty arguments string is a call to a tool that takes nothing', () => {
    const ping = {
      type: 'function',
      function: {
        name: 'ping',
        strict: true,
        parameters: { type: 'object', properties: {}, required: [], additionalProperties: false },
      },
    };
    const [verdict] = diagnoseCalls(chatResponse({ calls: [{ name: 'ping', arguments: '' }] }), {
      tools: [ping],
    });
    expect(verdict?.state).toBe('dispatchable');
    expect(verdict?.arguments).toEqual({});
  });

  test('arguments that parse to something other than an object are unparseable, saying what they are', () => {
    for (const [args, said] of [
      ['[1, 2]', 'an array'],
      ['42', 'a number'],
      ['null', 'null'],
      ['"x"', 'a string'],
    ]) {
      const [verdict] = diagnoseCalls(responsesResponse({ calls: charge(args as string) }));
      expect(verdict?.state).toBe('arguments-unparseable');
      expect(verdict?.detail).toBe(`The arguments parse to ${said}, not an object.`);
    }
  });

  test('an absent arguments field is unparseable with the reason', () => {
    const response = responsesResponse({ calls: charge(GOOD_CHARGE) });
    delete (response.output[0] as { arguments?: string }).arguments;
    const [verdict] = diagnoseCalls(response);
    expect(verdict?.state).toBe('arguments-unparseable');
    expect(verdict?.detail).toBe('No arguments to parse: the arguments field is absent.');
  });

  test('Anthropic: a message cut on max_tokens inside its last tool_use makes that call arguments-truncated', () => {
    const message = anthropicMessage({
      calls: charge('{}'),
      ending: 'ceiling',
      outputTokens: 1024,
    });
    const [verdict] = diagnoseCalls({
      request: anthropicRequest({ maxOutputTokens: 1024 }),
      response: message,
    });
    expect(verdict?.state).toBe('arguments-truncated');
    expect(verdict?.detail).toContain(
      'stop_reason "max_tokens"; used 1,024 tokens of a 1,024-token ceiling, 100% of it',
    );
    expect(verdict?.repairs[1]).toContain('Raise max_tokens above 1,024');
  });

  test('Anthropic: a tool_use input that is not an object is unparseable', () => {
    const message = anthropicMessage({ calls: charge(GOOD_CHARGE) });
    (message.content[0] as { input: unknown }).input = 'account_id=acct_9';
    const [verdict] = diagnoseCalls({ request: anthropicRequest(), response: message });
    expect(verdict?.state).toBe('arguments-unparseable');
    expect(verdict?.detail).toBe('The input is a string, not an object.');
  });

  test('Gemini: a MALFORMED_FUNCTION_CALL is kept as a call and judged unparseable', () => {
    const response = {
      candidates: [
        {
          content: { parts: [], role: 'model' },
          finishReason: 'MALFORMED_FUNCTION_CALL',
          finishMessage:
            "Malformed function call: print(default_api.charge(account_id='acct_9', amount_cents=12OO))",
          index: 0,
        },
      ],
      usageMetadata: { promptTokenCount: 61, totalTokenCount: 61 },
      modelVersion: 'gemini-2.5-flash',
    };
    const [verdict] = diagnoseCalls({ request: geminiRequest(), response });
    expect(verdict?.state).toBe('arguments-unparseable');
    expect(verdict?.name).toBe('charge');
    expect(verdict?.detail).toContain(
      'Gemini could not parse the call it generated (finishReason "MALFORMED_FUNCTION_CALL")',
    );
    expect(verdict?.repairs[0]).toBe(
      'The model wrote a call Gemini could not parse (finishReason "MALFORMED_FUNCTION_CALL"): retry the turn, and simplify the function declarations (fewer, flatter parameters, short enums).',
    );
  });
});

describe('readings every surface shares', () => {
  test('a response that does not echo its tools is checked for parsing only, and says so', () => {
    const [verdict] = diagnoseCalls(chatResponse({ calls: charge(BAD_CHARGE) }));
    expect(verdict?.state).toBe('dispatchable-unconstrained');
    expect(verdict?.detail).toContain(
      'no tool declarations came with this OpenAI Chat Completions payload',
    );
  });

  test('options.tools in any provider shape supply the schema', () => {
    const anthropicShape = { name: 'charge', input_schema: CHARGE_SCHEMA, strict: true };
    const [verdict] = diagnoseCalls(chatResponse({ calls: charge(BAD_CHARGE) }), {
      tools: [anthropicShape],
    });
    expect(verdict?.state).toBe('arguments-violate-schema');
  });

  test('a violation on a strict tool in a fan-out turn points at the parallel calls', () => {
    const [first] = diagnoseCalls(
      responsesResponse({ calls: [...charge(BAD_CHARGE), ...charge(GOOD_CHARGE)], strict: true }),
    );
    expect(first?.state).toBe('arguments-violate-schema');
    expect(first?.detail).toContain('this turn has 2 calls with parallel_tool_calls on');
    expect(first?.repairs[1]).toBe(
      'Set parallel_tool_calls: false: strict schemas are not enforced on parallel calls.',
    );
  });

  test('the Responses API treats a function tool without strict as strict (its documented default)', () => {
    const response = responsesResponse({ calls: charge(GOOD_CHARGE) });
    delete (response.tools[0] as { strict?: boolean }).strict;
    expect(diagnoseCalls(response)[0]?.state).toBe('dispatchable');
    // Chat Completions defaults to false.
    const request = chatRequest();
    delete (request.tools[0]!.function as { strict?: boolean }).strict;
    expect(
      diagnoseCalls({ request, response: chatResponse({ calls: charge(GOOD_CHARGE) }) })[0]?.state,
    ).toBe('dispatchable-unconstrained');
  });

  test('the parallel wrapper emitted as a call is explained, with the calls it bundles', () => {
    const args = JSON.stringify({
      tool_uses: [
        {
          recipient_name: 'functions.charge',
          parameters: { account_id: 'a', amount_cents: 1, currency: 'usd' },
        },
        { recipient_name: 'functions.refund', parameters: {} },
      ],
    });
    const [verdict] = diagnoseCalls(
      responsesResponse({ calls: [{ name: 'multi_tool_use.parallel', arguments: args }] }),
    );
    expect(verdict?.state).toBe('unknown-tool');
    expect(verdict?.detail).toBe(
      '"multi_tool_use.parallel" is the model\'s internal wrapper for parallel calls, emitted as a call by mistake; it bundles 2 calls: "charge", "refund" (not declared).',
    );
    expect(verdict?.repairs[0]).toContain('recipient_name');
  });

  test('a call with no name is unknown-tool and says so', () => {
    const [verdict] = diagnoseCalls(responsesResponse({ calls: [{ name: '', arguments: '{}' }] }));
    expect(verdict?.state).toBe('unknown-tool');
    expect(verdict?.detail).toContain('The call carries no tool name');
  });

  test('OpenAI custom tools: free text held to a grammar is dispatchable', () => {
    const response = {
      ...responsesResponse(),
      output: [
        {
          type: 'custom_tool_call',
          id: 'ctc_68af4031',
          call_id: 'call_sql_1',
          name: 'write_sql',
          input: 'SELECT 1',
          status: 'completed',
        },
      ],
      tools: [
        {
          type: 'custom',
          name: 'write_sql',
          format: { type: 'grammar', syntax: 'regex', definition: 'SELECT .+' },
        },
      ],
    };
    const [verdict] = diagnoseCalls(response);
    expect(verdict?.state).toBe('dispatchable');
    expect(verdict?.callId).toBe('call_sql_1');
  });

  test('input that is not a provider payload gives one unreadable verdict naming what is accepted', () => {
    for (const junk of [null, 42, 'hello', [], {}, { output: 'x' }]) {
      const verdicts = diagnoseCalls(junk);
      expect(verdicts).toHaveLength(1);
      expect(verdicts[0]?.state).toBe('unreadable');
      expect(verdicts[0]?.detail).toContain('expected an OpenAI Responses response (output[])');
    }
  });
});

describe('arguments nested past the validation depth', () => {
  test('get a violation that says so, and a verdict without the value, so it still serialises', () => {
    const depth = 100_000;
    const deep = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const [verdict] = diagnoseCalls(responsesResponse({ calls: charge(deep), strict: true }));
    expect(verdict?.state).toBe('arguments-violate-schema');
    expect(verdict?.problems).toEqual([
      'arguments: nested 100,000 levels deep, past the 256 levels this check validates',
    ]);
    expect(verdict).not.toHaveProperty('arguments');
    expect(() => JSON.stringify(verdict)).not.toThrow();
  });
});

describe('the strict fan-out rule: OpenAI does not enforce strict schemas on parallel calls', () => {
  // One call breaks the schema, the other matches it.
  const fanOut = [...charge(BAD_CHARGE), ...charge(GOOD_CHARGE)];
  const VALIDATE =
    'Validate the arguments against the tool schema before dispatch, and return the errors to the model as the tool result so it can correct the call (one or two retries, then give up).';
  const SERIALISE =
    'Set parallel_tool_calls: false: strict schemas are not enforced on parallel calls.';
  const VOIDED =
    /The tool is strict, but this turn has 2 calls with parallel_tool_calls on, which voids the strict guarantee\.$/;
  const SHOULD_HAVE_HELD =
    /The tool is strict, so constrained decoding should have prevented this\.$/;

  /** Each OpenAI surface, with parallel_tool_calls as the scenario says or left out entirely. */
  const openai = {
    'openai-responses': {
      payload: (s: Scenario) => responsesResponse(s),
      unset: (s: Scenario) => {
        const response: { parallel_tool_calls?: boolean } = responsesResponse(s);
        delete response.parallel_tool_calls;
        return response;
      },
    },
    'openai-chat': {
      payload: surfaces['openai-chat'],
      unset: (s: Scenario) => surfaces['openai-chat']({ ...s, parallel: undefined }),
    },
  };

  describe.each(Object.entries(openai))('on %s', (_surface, { payload, unset }) => {
    test.each([
      ['parallel_tool_calls: true', payload({ calls: fanOut, strict: true, parallel: true })],
      [
        'parallel_tool_calls left out (it defaults to true)',
        unset({ calls: fanOut, strict: true }),
      ],
    ])(
      'a strict violation in a turn of 2 calls with %s lost the guarantee, and the repair is to serialise',
      (_parallel, turn) => {
        const [bad, good] = diagnoseCalls(turn);
        expect(bad?.state).toBe('arguments-violate-schema');
        expect(bad?.detail).toMatch(VOIDED);
        expect(bad?.repairs).toEqual([VALIDATE, SERIALISE]);
        // The rule is about the guarantee, not the check: a call that matches its schema passes.
        expect(good?.state).toBe('dispatchable');
      },
    );

    test('a strict violation alone in its turn, parallel calls on, should have been prevented', () => {
      const [bad] = diagnoseCalls(
        payload({ calls: charge(BAD_CHARGE), strict: true, parallel: true }),
      );
      expect(bad?.state).toBe('arguments-violate-schema');
      expect(bad?.detail).toMatch(SHOULD_HAVE_HELD);
      expect(bad?.repairs).toEqual([VALIDATE]);
    });

    test('a strict violation in a turn of 2 calls with parallel_tool_calls: false should have been prevented', () => {
      const [bad] = diagnoseCalls(payload({ calls: fanOut, strict: true, parallel: false }));
      expect(bad?.state).toBe('arguments-violate-schema');
      expect(bad?.detail).toMatch(SHOULD_HAVE_HELD);
      expect(bad?.repairs).toEqual([VALIDATE]);
    });

    test('a violation on a tool that is not strict, in a fan-out turn, had no guarantee to lose', () => {
      const [bad] = diagnoseCalls(payload({ calls: fanOut, strict: false, parallel: true }));
      expect(bad?.state).toBe('arguments-violate-schema');
      expect(bad?.detail).toMatch(
        /The tool is not strict, so the schema was a request, not a constraint\.$/,
      );
      expect(bad?.repairs).toHaveLength(2);
      expect(bad?.repairs).not.toContain(SERIALISE);
    });
  });

  // Anthropic models strict tools and disable_parallel_tool_use, but does not document that
  // parallel calls void strict tool use, so a strict violation is never put down to the fan-out.
  test.each([
    ['parallel tool use allowed', true],
    ['disable_parallel_tool_use: true', false],
  ])(
    'on anthropic-messages, a strict violation in a turn of 2 calls with %s should have been prevented',
    (_parallel, parallel) => {
      const [bad, good] = diagnoseCalls(
        surfaces['anthropic-messages']({ calls: fanOut, strict: true, parallel }),
      );
      expect(bad?.state).toBe('arguments-violate-schema');
      expect(bad?.detail).toMatch(SHOULD_HAVE_HELD);
      expect(bad?.repairs).toEqual([VALIDATE]);
      expect(good?.state).toBe('dispatchable');
    },
  );

  test('on gemini, which has no strict tools, a violation in a fan-out turn had no guarantee to lose', () => {
    const [bad] = diagnoseCalls(surfaces.gemini({ calls: fanOut, strict: true }));
    expect(bad?.state).toBe('arguments-violate-schema');
    expect(bad?.detail).toMatch(
      /The tool is not strict, so the schema was a request, not a constraint\.$/,
    );
    expect(bad?.repairs).not.toContain(SERIALISE);
  });
});

describe('where a call that names a key twice was doomed', () => {
  const schema = { type: 'object', properties: { a: { type: 'number' } }, required: ['b'] };
  const verdictOf = (text: string) =>
    diagnoseCalls(chatResponse({ calls: [{ name: 'probe', arguments: text }] }), {
      tools: [{ type: 'function', function: { name: 'probe', parameters: schema } }],
    })[0];

  test('judged as JSON.parse keeps it, the last: an early bad value the last one replaces dooms nothing', () => {
    const verdict = verdictOf('{"a":"x","a":1}');
    expect(verdict?.state).toBe('arguments-violate-schema');
    expect(verdict?.problems).toEqual(['arguments.b: required and missing']);
    expect(verdict).not.toHaveProperty('doomedAt');
  });

  test('a last value that breaks the schema dooms the call, counted in the decoded text', () => {
    const verdict = verdictOf('{"a":1,"a":"x"}');
    expect(verdict?.arguments).toEqual({ a: 'x' });
    // '{"a":"x"}': the quote that begins a string where a number is owed.
    expect(verdict?.doomedAt).toBe(5);
  });
});

describe('where a recorded call was doomed', () => {
  /** A recording's request and response bodies. */
  const exchange = (file: string) => {
    const har = JSON.parse(
      readFileSync(new URL(`../../fixtures/${file}`, import.meta.url), 'utf8'),
    );
    const entry = har.log.entries[0];
    return {
      request: JSON.parse(entry.request.postData.text),
      response: JSON.parse(entry.response.content.text),
    };
  };

  test.each([
    // Bedrock sends the input decoded: counted in its JSON text.
    ['bedrock-converse/schema-violation.har', '{"order_id":"A-7005","amount_cents":"'],
    ['openai-responses/strict-void-fanout.har', '{"order_id":"A-1012","amount_cents":"'],
    // Chat sends the text: the "g" no declared currency begins with.
    ['openai-chat/schema-violation.har', '{"order_id":"A-2002","amount_cents":1200,"currency":"g'],
  ])('%s: doomed at the last character of %j', (file, upToDoom) => {
    const verdict = diagnoseCalls(exchange(file)).find(
      (found) => found.state === 'arguments-violate-schema',
    );
    expect(verdict?.doomedAt).toBe(upToDoom.length - 1);
    expect(JSON.stringify(verdict?.arguments).startsWith(upToDoom)).toBe(true);
  });
});
