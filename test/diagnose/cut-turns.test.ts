/**
 * Issue #17, classes 10 and 11: a cut turn's whole calls are `turn-cut`, and a ceiling reached
 * under a stop that says the turn finished is `ceiling-unreported`, on every surface.
 */
import { describe, expect, test } from 'vitest';
import {
  type CallState,
  diagnoseCalls,
  diagnoseStrictGuarantee,
  diagnoseTruncation,
  type TruncationState,
} from '../../src/index.js';
import {
  anthropicMessage,
  anthropicRequest,
  BAD_CHARGE,
  CUT_CHARGE,
  chatRequest,
  chatResponse,
  GOOD_CHARGE,
  geminiRequest,
  geminiResponse,
  OTHER_CHARGE,
  responsesResponse,
  type Scenario,
} from '../support/payloads.js';

type Surface = 'openai-responses' | 'openai-chat' | 'anthropic-messages' | 'gemini';

const charge = (args: string) => ({ name: 'charge', arguments: args });

/** Each surface as a user hands it over: Responses echoes its request, the others need it. */
const exchange: Record<Surface, (s: Scenario) => unknown> = {
  'openai-responses': (s) => responsesResponse(s),
  'openai-chat': (s) => ({ request: chatRequest(s), response: chatResponse(s) }),
  'anthropic-messages': (s) => ({ request: anthropicRequest(s), response: anthropicMessage(s) }),
  gemini: (s) => ({ request: geminiRequest(s), response: geminiResponse(s) }),
};
const SURFACES = Object.keys(exchange) as Surface[];

/** What the stop says when a turn finishes with calls, and the field its ceiling is read from. */
const FINISHED: Record<Surface, { said: string; field: string }> = {
  'openai-responses': { said: 'status "completed"', field: 'max_output_tokens' },
  'openai-chat': { said: 'finish_reason "tool_calls"', field: 'max_completion_tokens' },
  'anthropic-messages': { said: 'stop_reason "tool_use"', field: 'max_tokens' },
  gemini: { said: 'finishReason "STOP"', field: 'maxOutputTokens' },
};

/** A whole, valid call is dispatchable on a whole turn (Gemini has no strict mode). */
const whole = (surface: Surface): CallState =>
  surface === 'gemini' ? 'dispatchable-unconstrained' : 'dispatchable';

/** Anthropic's message, stopped because the context window filled rather than on max_tokens. */
function anthropicWindow(s: Scenario) {
  return {
    request: anthropicRequest(s),
    response: { ...anthropicMessage(s), stop_reason: 'model_context_window_exceeded' },
  };
}

interface CutTurn {
  surface: Surface;
  stop: string;
  payload: unknown;
  calls: CallState[];
  truncation: TruncationState;
}

/**
 * A turn cut on each surface by each stop it has: the ceiling (a whole call, then the one the
 * ceiling cut; Gemini drops a cut call, so it keeps only the whole one), and a content filter
 * (Anthropic has none: a full context window instead).
 */
const CUT_TURNS: CutTurn[] = [
  {
    surface: 'openai-responses',
    stop: 'incomplete_details.reason "max_output_tokens"',
    payload: exchange['openai-responses']({
      calls: [charge(GOOD_CHARGE), charge(CUT_CHARGE)],
      ending: 'ceiling',
      maxOutputTokens: 512,
      outputTokens: 512,
    }),
    calls: ['turn-cut', 'arguments-truncated'],
    truncation: 'truncated-by-length',
  },
  {
    surface: 'openai-responses',
    stop: 'incomplete_details.reason "content_filter"',
    payload: exchange['openai-responses']({ calls: [charge(GOOD_CHARGE)], ending: 'filter' }),
    calls: ['turn-cut'],
    truncation: 'stopped-by-filter',
  },
  {
    surface: 'openai-chat',
    stop: 'finish_reason "length"',
    payload: exchange['openai-chat']({
      calls: [charge(GOOD_CHARGE), charge(CUT_CHARGE)],
      ending: 'ceiling',
      maxOutputTokens: 512,
      outputTokens: 512,
    }),
    calls: ['turn-cut', 'arguments-truncated'],
    truncation: 'truncated-by-length',
  },
  {
    surface: 'openai-chat',
    stop: 'finish_reason "content_filter"',
    payload: exchange['openai-chat']({ calls: [charge(GOOD_CHARGE)], ending: 'filter' }),
    calls: ['turn-cut'],
    truncation: 'stopped-by-filter',
  },
  {
    surface: 'anthropic-messages',
    stop: 'stop_reason "max_tokens"',
    payload: exchange['anthropic-messages']({
      calls: [charge(GOOD_CHARGE), charge('{}')],
      ending: 'ceiling',
      maxOutputTokens: 512,
      outputTokens: 512,
    }),
    calls: ['turn-cut', 'arguments-truncated'],
    truncation: 'truncated-tool-use',
  },
  {
    surface: 'anthropic-messages',
    stop: 'stop_reason "model_context_window_exceeded"',
    payload: anthropicWindow({
      calls: [charge(GOOD_CHARGE), charge('{}')],
      ending: 'ceiling',
      outputTokens: 300,
    }),
    calls: ['turn-cut', 'arguments-truncated'],
    truncation: 'truncated-tool-use',
  },
  {
    surface: 'gemini',
    stop: 'finishReason "MAX_TOKENS"',
    payload: exchange.gemini({
      calls: [charge(GOOD_CHARGE)],
      ending: 'ceiling',
      maxOutputTokens: 512,
      outputTokens: 512,
    }),
    calls: ['turn-cut'],
    truncation: 'truncated-by-length',
  },
  {
    surface: 'gemini',
    stop: 'finishReason "SAFETY"',
    payload: exchange.gemini({ calls: [charge(GOOD_CHARGE)], ending: 'filter' }),
    calls: ['turn-cut'],
    truncation: 'stopped-by-filter',
  },
];

describe('class 10: a whole call in a cut turn is turn-cut', () => {
  test.each(CUT_TURNS.map((row) => [row.surface, row.stop, row] as const))(
    '%s, %s',
    (_surface, stop, row) => {
      const verdicts = diagnoseCalls(row.payload);
      expect(verdicts.map((verdict) => verdict.state)).toEqual(row.calls);
      expect(diagnoseTruncation(row.payload).state).toBe(row.truncation);

      const [cut] = verdicts;
      expect(cut?.detail).toContain(stop);
      expect(cut?.detail).toContain('Yet its turn was cut');
      // The arguments are still handed over: the call is whole, only its turn is not.
      expect(cut?.arguments).toEqual({ account_id: 'acct_9', amount_cents: 1200, currency: 'usd' });
      expect(cut?.repairs[0]).toMatch(/^Check the stop reason before dispatching: do not run/);
      const filtered = row.truncation === 'stopped-by-filter';
      const windowed = stop.includes('context_window');
      expect(cut?.repairs[1]).toMatch(
        filtered ? /refusal path/ : windowed ? /^Shorten the conversation/ : /^Raise \S+ above 512/,
      );
    },
  );

  test('the detail says which stop, with the numbers, and the repairs say what to do', () => {
    const [ceiling] = diagnoseCalls(CUT_TURNS[2]?.payload);
    expect(ceiling).toMatchInlineSnapshot(`
      {
        "arguments": {
          "account_id": "acct_9",
          "amount_cents": 1200,
          "currency": "usd",
        },
        "at": "choices[0].message.tool_calls[0]",
        "callId": "call_a1b2c30",
        "detail": "Parses and matches the schema of strict tool "charge". Yet its turn was cut: the output ceiling was reached (finish_reason "length"; used 512 tokens of a 512-token ceiling, 100% of it), and the calls that would have followed may be missing; no call of a cut turn should run.",
        "name": "charge",
        "problems": [],
        "repairs": [
          "Check the stop reason before dispatching: do not run the calls of a cut turn, whole ones included, since the calls that would have followed may be missing.",
          "Raise max_completion_tokens above 512 and retry the turn.",
        ],
        "state": "turn-cut",
      }
    `);
    const [filtered] = diagnoseCalls(CUT_TURNS[7]?.payload);
    expect({ detail: filtered?.detail, repairs: filtered?.repairs }).toMatchInlineSnapshot(`
      {
        "detail": "Parses and matches the schema, but "charge" is not declared strict, so nothing guaranteed that it would. Yet its turn was cut: a content filter stopped it (finishReason "SAFETY"), and the calls that would have followed may be missing; no call of a cut turn should run.",
        "repairs": [
          "Check the stop reason before dispatching: do not run the calls of a cut turn, whole ones included, since the calls that would have followed may be missing.",
          "Handle a filtered turn on the refusal path, not as a ceiling: a higher ceiling will not change it.",
        ],
      }
    `);
    const [windowed] = diagnoseCalls(CUT_TURNS[5]?.payload);
    expect({ detail: windowed?.detail, repairs: windowed?.repairs }).toMatchInlineSnapshot(`
      {
        "detail": "Parses and matches the schema, but "charge" is not declared strict, so nothing guaranteed that it would. Yet its turn was cut: the context window filled (stop_reason "model_context_window_exceeded"; used 300 tokens of a 1,024-token ceiling, 29% of it), and the calls that would have followed may be missing; no call of a cut turn should run.",
        "repairs": [
          "Check the stop reason before dispatching: do not run the calls of a cut turn, whole ones included, since the calls that would have followed may be missing.",
          "Shorten the conversation or the tool results sent back (or compact history), then retry the turn.",
        ],
      }
    `);
  });

  test('a call to a tool with nothing to hold it (no declarations, no schema, not strict) is turn-cut too', () => {
    const cut = { calls: [charge(GOOD_CHARGE)], ending: 'ceiling' as const, outputTokens: 512 };
    const undeclared = diagnoseCalls(chatResponse(cut));
    expect(undeclared.map((verdict) => verdict.state)).toEqual(['turn-cut']);
    expect(undeclared[0]?.detail).toMatch(/^The arguments parse, but no tool declarations came/);
    const loose = diagnoseCalls(exchange['openai-chat']({ ...cut, strict: false }));
    expect(loose.map((verdict) => verdict.state)).toEqual(['turn-cut']);
    expect(loose[0]?.detail).toMatch(
      /^Parses and matches the schema, but "charge" is not declared strict/,
    );
  });

  test('an OpenAI custom tool call with whole free text in a cut turn is turn-cut', () => {
    const response = {
      ...responsesResponse({ ending: 'filter' }),
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
    expect(diagnoseCalls(response).map((verdict) => verdict.state)).toEqual(['turn-cut']);
  });

  test('a worse finding about the call itself wins over turn-cut: it must not run in a whole turn either', () => {
    const schemaless = {
      type: 'function',
      function: { name: 'broken', parameters: { type: 'object', properties: 7 }, strict: false },
    };
    const calls = [
      charge(GOOD_CHARGE),
      charge(BAD_CHARGE),
      { name: 'refund', arguments: GOOD_CHARGE },
      charge('{"a" 1'),
      { name: 'broken', arguments: '{}' },
      charge(CUT_CHARGE),
    ];
    const request = chatRequest({ maxOutputTokens: 512 });
    const verdicts = diagnoseCalls(
      {
        request,
        response: chatResponse({ calls, ending: 'ceiling', outputTokens: 512 }),
      },
      { tools: [...request.tools, schemaless] },
    );
    expect(verdicts.map((verdict) => verdict.state)).toEqual([
      'turn-cut',
      'arguments-violate-schema',
      'unknown-tool',
      'arguments-unparseable',
      'schema-invalid',
      'arguments-truncated',
    ]);
  });

  test('a JSON prefix in a filtered turn is arguments-truncated, not "read too early"', () => {
    const [verdict] = diagnoseCalls(
      exchange['openai-chat']({ calls: [charge(CUT_CHARGE)], ending: 'filter' }),
    );
    expect(verdict?.state).toBe('arguments-truncated');
    expect(verdict?.detail).toMatchInlineSnapshot(
      `"Cut mid-write: a content filter stopped it (finish_reason "content_filter") and the text is a valid JSON prefix (ends inside an object key; 1 unclosed container). Not a schema fault."`,
    );
    expect(verdict?.repairs).toMatchInlineSnapshot(`
      [
        "Check that the response finished before parsing any call: finish_reason "content_filter" means the arguments were cut.",
        "Handle a filtered turn on the refusal path, not as a ceiling: a higher ceiling will not change it.",
      ]
    `);
  });

  test('the strict guarantee is judged as before: a cut turn changes no strict state', () => {
    expect(diagnoseStrictGuarantee(CUT_TURNS[2]?.payload).state).toBe('strict-void');
    expect(diagnoseStrictGuarantee(CUT_TURNS[3]?.payload).state).toBe('strict-at-risk');
  });
});

describe('class 11: a finished stop at the ceiling is ceiling-unreported', () => {
  test.each(SURFACES)('%s: 512 of a 512-token ceiling under a finished stop', (surface) => {
    const payload = exchange[surface]({
      calls: [charge(GOOD_CHARGE)],
      maxOutputTokens: 512,
      outputTokens: 512,
    });
    const { said, field } = FINISHED[surface];
    const truncation = diagnoseTruncation(payload);
    expect(truncation).toMatchObject({
      state: 'ceiling-unreported',
      ceiling: 512,
      outputTokens: 512,
    });
    expect(truncation.detail).toContain(
      `the stop said ${said}, but 512 of a 512-token ${field} were used`,
    );
    expect(truncation.repairs[0]).toContain(`Treat ${said} at the ceiling as a cut`);
    expect(truncation.repairs.at(-1)).toContain('Report it to whoever runs the server');

    // Where a cut call looks whole (Anthropic's decoded input), the call ending the output is cut.
    const [verdict] = diagnoseCalls(payload);
    expect(verdict?.state).toBe(
      surface === 'anthropic-messages' ? 'arguments-truncated' : 'turn-cut',
    );
    expect(verdict?.detail).toContain(
      `the output ceiling was reached without being reported (the stop said ${said}, but 512 of a 512-token ${field} were used)`,
    );
  });

  test.each(SURFACES)('%s: over the ceiling counts too (600 of 512)', (surface) => {
    const payload = exchange[surface]({
      calls: [charge(GOOD_CHARGE)],
      maxOutputTokens: 512,
      outputTokens: 600,
    });
    expect(diagnoseTruncation(payload).state).toBe('ceiling-unreported');
    expect(diagnoseCalls(payload).map((verdict) => verdict.state)).toEqual([
      surface === 'anthropic-messages' ? 'arguments-truncated' : 'turn-cut',
    ]);
  });

  test.each(SURFACES)('%s: one token below the ceiling is a whole turn', (surface) => {
    const payload = exchange[surface]({
      calls: [charge(GOOD_CHARGE)],
      strict: true,
      maxOutputTokens: 512,
      outputTokens: 511,
    });
    expect(diagnoseTruncation(payload).state).toBe('complete');
    expect(diagnoseCalls(payload).map((verdict) => verdict.state)).toEqual([whole(surface)]);
  });

  test.each(SURFACES)('%s: an unknown ceiling is never taken as reached', (surface) => {
    const payload = exchange[surface]({
      calls: [charge(GOOD_CHARGE)],
      strict: true,
      outputTokens: 100_000,
    });
    // Anthropic's request always carries max_tokens: judge its response alone, with its tools.
    const [input, options] =
      surface === 'anthropic-messages'
        ? [
            (payload as { response: unknown }).response,
            { tools: anthropicRequest({ strict: true }).tools },
          ]
        : [payload, undefined];
    const truncation = diagnoseTruncation(input, options);
    expect(truncation).toMatchObject({ state: 'complete', ceiling: null, outputTokens: 100_000 });
    expect(diagnoseCalls(input, options).map((verdict) => verdict.state)).toEqual([whole(surface)]);
  });

  test('the detail and repairs, pinned', () => {
    const payload = exchange['openai-chat']({
      calls: [charge(GOOD_CHARGE)],
      maxOutputTokens: 512,
      outputTokens: 512,
    });
    expect(diagnoseTruncation(payload)).toMatchInlineSnapshot(`
      {
        "ceiling": 512,
        "detail": "The output ceiling was reached without being reported: the stop said finish_reason "tool_calls", but 512 of a 512-token max_completion_tokens were used. Treat the output as cut: its one tool call is whole; the cut came after it.",
        "outputTokens": 512,
        "reasoningTokens": 0,
        "repairs": [
          "Treat finish_reason "tool_calls" at the ceiling as a cut: count the output tokens against the ceiling before parsing anything or running any call.",
          "This turn was capped at 512 tokens and used 512 tokens: raise max_completion_tokens above the largest answer the schema allows, with room for reasoning.",
          "Report it to whoever runs the server: it reported a finish for a turn that ran into its ceiling.",
        ],
        "state": "ceiling-unreported",
      }
    `);
    const [verdict] = diagnoseCalls(payload);
    expect({ detail: verdict?.detail, repairs: verdict?.repairs }).toMatchInlineSnapshot(`
      {
        "detail": "Parses and matches the schema of strict tool "charge". Yet its turn was cut: the output ceiling was reached without being reported (the stop said finish_reason "tool_calls", but 512 of a 512-token max_completion_tokens were used), and the calls that would have followed may be missing; no call of a cut turn should run.",
        "repairs": [
          "Treat finish_reason "tool_calls" at the ceiling as a cut: count the output tokens against the ceiling before dispatching, and run no call of a cut turn.",
          "Raise max_completion_tokens above 512 and retry the turn.",
          "Report it to whoever runs the server: it reported a finish for a turn that ran into its ceiling.",
        ],
      }
    `);
  });

  test.each(['openai-responses', 'openai-chat'] as const)(
    '%s: a JSON prefix under a finished stop at the ceiling is arguments-truncated, not unparseable',
    (surface) => {
      const payload = exchange[surface]({
        calls: [charge(CUT_CHARGE)],
        maxOutputTokens: 64,
        outputTokens: 64,
      });
      const [verdict] = diagnoseCalls(payload);
      expect(verdict?.state).toBe('arguments-truncated');
      expect(verdict?.detail).toContain('the output ceiling was reached without being reported');
      expect(verdict?.repairs[0]).toMatch(/^Count the output tokens against the ceiling/);
      expect(diagnoseTruncation(payload).state).toBe('ceiling-unreported');
      // Below the ceiling, nothing reports a cut: read too early, as before.
      const early = exchange[surface]({
        calls: [charge(CUT_CHARGE)],
        maxOutputTokens: 64,
        outputTokens: 63,
      });
      expect(diagnoseCalls(early)[0]?.state).toBe('arguments-unparseable');
      expect(diagnoseTruncation(early).state).toBe('cut-without-a-reason');
    },
  );

  test('pinned: a JSON prefix at an unreported ceiling', () => {
    const [verdict] = diagnoseCalls(
      exchange['openai-chat']({
        calls: [charge(CUT_CHARGE)],
        maxOutputTokens: 64,
        outputTokens: 64,
      }),
    );
    expect({ detail: verdict?.detail, repairs: verdict?.repairs }).toMatchInlineSnapshot(`
      {
        "detail": "Cut mid-write: the output ceiling was reached without being reported (the stop said finish_reason "tool_calls", but 64 of a 64-token max_completion_tokens were used) and the text is a valid JSON prefix (ends inside an object key; 1 unclosed container). Not a schema fault.",
        "repairs": [
          "Count the output tokens against the ceiling before parsing any call: finish_reason "tool_calls" was reported, but the ceiling was reached and the arguments were cut.",
          "Raise max_completion_tokens above 64, or make the arguments smaller (bounded strings and arrays).",
          "Report it to whoever runs the server: it reported a finish for a turn that ran into its ceiling.",
        ],
      }
    `);
  });

  test.each(SURFACES)(
    '%s: the numbers outrank what the text looks like (a prefix, broken JSON, nothing)',
    (surface) => {
      const at = { maxOutputTokens: 512, outputTokens: 512 };
      const prefix = exchange[surface]({ text: '{"rows":[{"sku":"A-', ...at });
      const broken = exchange[surface]({ text: '{"rows": [1, 2,]}', ...at });
      const empty = exchange[surface]({ ...at });
      expect(diagnoseTruncation(prefix).state).toBe('ceiling-unreported');
      expect(diagnoseTruncation(broken, { expectJson: true }).state).toBe('ceiling-unreported');
      expect(diagnoseTruncation(empty).state).toBe('ceiling-unreported');
      expect(diagnoseTruncation(empty).detail).toContain('no visible text was written');
    },
  );

  test('reasoning that spent most of an unreported ceiling is said, with its repair', () => {
    const result = diagnoseTruncation(
      responsesResponse({
        text: 'Your order',
        maxOutputTokens: 2000,
        outputTokens: 2000,
        reasoningTokens: 1900,
      }),
    );
    expect(result.state).toBe('ceiling-unreported');
    expect(result.detail).toContain('95% of the output was reasoning (1,900 tokens).');
    expect(result.repairs[1]).toContain('or lower the reasoning effort');
  });

  test('a refusal is still refused at the ceiling; a stop sequence, or no stop reason, there is a cut unreported', () => {
    const refusal = chatResponse({ outputTokens: 512 });
    (refusal.choices[0]!.message as { refusal: string | null }).refusal =
      "I'm sorry, I can't help with that.";
    expect(
      diagnoseTruncation({ request: chatRequest({ maxOutputTokens: 512 }), response: refusal })
        .state,
    ).toBe('refused');

    const sequence = {
      ...anthropicMessage({ text: 'Order A-1 shipped.', outputTokens: 512 }),
      stop_reason: 'stop_sequence',
      stop_sequence: '###',
    };
    const request = anthropicRequest({ maxOutputTokens: 512 });
    // The ceiling was spent to the last token: the stop sequence may be what was cut short.
    expect(diagnoseTruncation({ request, response: sequence })).toMatchObject({
      state: 'ceiling-unreported',
      detail: expect.stringContaining(
        'the stop said stop_reason "stop_sequence" (stop_sequence "###"), but 512 of a 512-token max_tokens were used',
      ),
    });
    const below = { ...sequence, usage: { ...sequence.usage, output_tokens: 511 } };
    expect(diagnoseTruncation({ request, response: below }).state).toBe('complete');

    const unsaid = { ...anthropicMessage({ text: 'Order A-1 shipped.', outputTokens: 512 }) };
    delete (unsaid as { stop_reason?: unknown }).stop_reason;
    expect(diagnoseTruncation({ request, response: unsaid })).toMatchObject({
      state: 'ceiling-unreported',
      repairs: expect.arrayContaining([
        expect.stringMatching(/^Treat a missing stop reason at the ceiling as a cut/),
      ]),
    });
  });

  test('a tool_use that ends the message under an unreported ceiling is cut: its decoded input looks whole', () => {
    const request = anthropicRequest({ maxOutputTokens: 512 });
    const calls = [charge(GOOD_CHARGE), charge(OTHER_CHARGE)];
    const last = anthropicMessage({ calls, outputTokens: 512 });
    expect(diagnoseCalls({ request, response: last }).map((verdict) => verdict.state)).toEqual([
      'turn-cut',
      'arguments-truncated',
    ]);
    // Text after the last call: the calls ended before the cut.
    const textAfter = { ...last, content: [...last.content, { type: 'text', text: 'Done.' }] };
    expect(diagnoseCalls({ request, response: textAfter }).map((verdict) => verdict.state)).toEqual(
      ['turn-cut', 'turn-cut'],
    );
  });
});
