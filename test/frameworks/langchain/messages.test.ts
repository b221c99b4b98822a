/**
 * LangChain messages made by the real library (test/frameworks/langchain/support.ts), through
 * every diagnosis: each recorded scenario LangChain's OpenAI and Anthropic chat models can be
 * pointed at gives the states the corpus manifest holds for the provider's own exchange, given
 * as read options what the message does not carry (the tools, parallel_tool_calls, the ceiling).
 * Where LangChain hides a state, the test says which and what is read instead.
 */
import { AIMessage, AIMessageChunk, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import {
  diagnoseCalls,
  diagnoseStrictGuarantee,
  diagnoseTruncation,
  readTurn,
  readTurns,
} from '../../../src/index.js';
import {
  LENGTH_STREAM,
  langChainScenarios,
  langChainServer,
  MAX_TOKENS_STREAM,
  messageFor,
  optionsFor,
  VIOLATION_STREAM,
} from './support.js';

const server = langChainServer();
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  // LangChain warns on a message whose only calls are invalid (it asks to upgrade packages).
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterAll(() => server.close());

const statesOf = (message: unknown, options: ReturnType<typeof optionsFor>) => ({
  calls: diagnoseCalls(message, options).map((verdict) => verdict.state),
  truncation: diagnoseTruncation(message, options).state,
  strict: diagnoseStrictGuarantee(message, options).state,
});

/** States LangChain's message cannot show, and what it shows instead. */
const HIDDEN: Record<string, { truncation: string }> = {
  // @langchain/openai 1.5.8 drops message.refusal: the refusal reads as an empty answer.
  'openai-chat/refusal': { truncation: 'empty-output' },
};

describe('every recorded scenario, as LangChain hands it back', () => {
  test.each(langChainScenarios().map((scenario) => [scenario.name, scenario] as const))(
    '%s',
    async (name, scenario) => {
      const message = await messageFor(scenario.file);
      const expected = { ...scenario.expect, ...HIDDEN[name] };
      const { calls, truncation, strict } = expected;
      expect(statesOf(message, optionsFor(scenario.file))).toEqual({ calls, truncation, strict });
    },
  );

  test('the evidence read is the provider answer the message keeps, at the places a reader looks', async () => {
    const message = await messageFor('openai-chat/unparseable-arguments.har');
    const [verdict] = diagnoseCalls(message, optionsFor('openai-chat/unparseable-arguments.har'));
    expect(verdict?.at).toBe('invalid_tool_calls[0]');
    expect(verdict?.detail).toMatch(/^The arguments do not parse/);
    const read = readTurn(message);
    expect(read.ok && read.turn.surface).toBe('openai-chat');
    expect(read.ok && read.turn.notes.join('\n')).toMatch(
      /LangChain says Function "create_ticket"|Chat Completions answer/,
    );
    const [anthropic] = diagnoseCalls(await messageFor('anthropic-messages/tool-use.har'));
    expect(anthropic?.at).toBe('tool_calls[0]');
  });

  test('a refusal LangChain dropped reads as an empty answer, and the note says why', async () => {
    const message = await messageFor('openai-chat/refusal.har');
    const read = readTurn(message);
    expect(read.ok && read.turn.notes).toContain(
      'the message has neither text nor calls, and @langchain/openai keeps no refusal (additional_kwargs.refusal is absent): a refusal reads as an empty answer',
    );
  });

  test('a ceiling cut words its stop where the message keeps it, and the ceiling as the chat model names it', async () => {
    const message = await messageFor('openai-chat/length-mid-arguments.har');
    const truncation = diagnoseTruncation(message);
    expect(truncation.detail).toContain('response_metadata.finish_reason "length"');
    expect(truncation.repairs.join('\n')).toContain('Raise maxTokens above');
    const anthropic = diagnoseTruncation(
      await messageFor('anthropic-messages/max-tokens-in-tool-use.har'),
    );
    expect(anthropic.detail).toContain('response_metadata.stop_reason "max_tokens"');
  });
});

describe("LangChain's repair of cut streamed arguments (langchainjs#11469)", () => {
  test('a Chat stream cut on its ceiling: tool_calls look whole, the raw chunks are a prefix', async () => {
    const message = (await messageFor(LENGTH_STREAM, true)) as AIMessageChunk;
    // LangChain closed the cut string and object: the parsed call looks whole.
    expect(message.tool_calls?.[0]?.args).toMatchObject({ order_id: 'A-2005' });
    expect(message.invalid_tool_calls).toEqual([]);
    const [verdict] = diagnoseCalls(message, optionsFor(LENGTH_STREAM));
    expect(verdict).toMatchObject({ state: 'arguments-truncated', at: 'tool_calls[0]' });
    expect(verdict?.detail).toMatch(
      /^Cut mid-write: the output ceiling was reached \(response_metadata\.finish_reason "length"; used 48 tokens of a 48-token ceiling, 100% of it\) and the text is a valid JSON prefix/,
    );
    expect(diagnoseTruncation(message, optionsFor(LENGTH_STREAM)).state).toBe(
      'truncated-by-length',
    );
    const read = readTurn(message);
    expect(read.ok && read.turn.notes.join('\n')).toContain(
      'tool_calls[0].args is an object LangChain made from arguments that do not parse (its repair of streamed arguments, langchainjs#11469); the raw text at additional_kwargs.tool_calls[0] is what is judged',
    );
  });

  test('a Chat stream that ended early: no finish_reason, a repaired call, stream-cut', async () => {
    const message = (await messageFor(
      'streams/openai-chat-cut-mid-arguments.har',
    )) as AIMessageChunk;
    expect(message.tool_calls?.[0]?.args).toMatchObject({
      summary: 'Coffee machine leaks from the base',
    });
    const [verdict] = diagnoseCalls(message);
    expect(verdict?.state).toBe('arguments-truncated');
    expect(diagnoseTruncation(message).detail).toMatch(
      /^The stream ended before its terminal event/,
    );
  });

  test('an Anthropic stream cut on max_tokens inside a tool_use: the pieces are a prefix', async () => {
    const message = (await messageFor(MAX_TOKENS_STREAM, true)) as AIMessageChunk;
    expect(message.tool_calls?.[0]?.args).toMatchObject({
      order_id: 'A-2004',
      summary: 'Desk arrived with',
    });
    const [verdict] = diagnoseCalls(message, optionsFor(MAX_TOKENS_STREAM));
    expect(verdict).toMatchObject({ state: 'arguments-truncated', at: 'tool_calls[0]' });
    expect(verdict?.detail).toContain('additional_kwargs.stop_reason "max_tokens"');
    expect(diagnoseTruncation(message, optionsFor(MAX_TOKENS_STREAM)).state).toBe(
      'truncated-tool-use',
    );
  });

  test('a whole streamed call is judged as it is: the schema violation still violates', async () => {
    const message = await messageFor(VIOLATION_STREAM, true);
    expect(statesOf(message, optionsFor(VIOLATION_STREAM))).toEqual({
      calls: ['arguments-violate-schema'],
      truncation: 'complete',
      strict: 'no-strict-declared',
    });
  });
});

describe('serialised, stored and conversation forms', () => {
  test('JSON.stringify(message) and message.toDict() read as the message does, at their own paths', async () => {
    for (const file of [LENGTH_STREAM, 'openai-chat/schema-violation.har', MAX_TOKENS_STREAM]) {
      const message = await messageFor(file, file !== 'openai-chat/schema-violation.har');
      const options = optionsFor(file);
      const states = statesOf(message, options);
      const serialised = JSON.parse(JSON.stringify(message)) as unknown;
      expect(statesOf(serialised, options)).toEqual(states);
      expect(statesOf(JSON.stringify(message), options)).toEqual(states);
      expect(statesOf(message.toDict(), options)).toEqual(states);
      expect(diagnoseCalls(serialised, options)[0]?.at).toMatch(
        /^kwargs\.(tool_calls|invalid_tool_calls)\[0\]$/,
      );
      expect(diagnoseCalls(message.toDict(), options)[0]?.at).toMatch(/^data\./);
    }
  });

  test("a conversation gets a verdict per AI message, named by its place in the agent's messages", async () => {
    const healthy = await messageFor('openai-chat/healthy-call.har');
    const violation = await messageFor('openai-chat/schema-violation.har');
    const messages = [
      new HumanMessage('Where is A-1001?'),
      healthy,
      new ToolMessage({ content: '{"status":"shipped"}', tool_call_id: 'call_1' }),
      violation,
    ];
    const tools = [...(optionsFor('openai-chat/healthy-call.har').tools ?? [])];
    const read = readTurns({ messages }, { tools });
    expect(read.ok && read.turns.map((turn) => turn.at)).toEqual(['messages[1]', 'messages[3]']);
    const verdicts = diagnoseCalls(messages, { tools });
    expect(verdicts.map((verdict) => [verdict.at, verdict.state])).toEqual([
      ['[1].tool_calls[0]', 'dispatchable'],
      ['[3].tool_calls[0]', 'arguments-violate-schema'],
    ]);
  });
});

describe('a provider whose answer the message does not keep: its own fields', () => {
  test('a Gemini-style MAX_TOKENS stop: the last parsed call is cut', () => {
    const message = new AIMessage({
      content: '',
      tool_calls: [
        { name: 'lookup_order', args: { order_id: 'A-1001' }, id: 'c1', type: 'tool_call' },
      ],
      response_metadata: { finishReason: 'MAX_TOKENS', model_provider: 'google-genai' },
      usage_metadata: { input_tokens: 10, output_tokens: 64, total_tokens: 74 },
    });
    const [verdict] = diagnoseCalls(message);
    expect(verdict).toMatchObject({ state: 'arguments-truncated', at: 'tool_calls[0]' });
    expect(verdict?.detail).toContain('the message stopped inside this tool call');
    const truncation = diagnoseTruncation(message, { maxOutputTokens: 64 });
    expect(truncation.state).toBe('truncated-tool-use');
    expect(truncation.detail).toContain('response_metadata.finishReason "MAX_TOKENS"');
    const read = readTurn(message);
    expect(read.ok && read.turn.surface).toBe('langchain');
  });

  test('streamed chunks: the raw pieces are judged, not the repaired tool_calls', () => {
    const first = new AIMessageChunk({
      content: '',
      tool_call_chunks: [{ name: 'lookup_order', args: '{"order_id": "A-10', id: 'c1', index: 0 }],
    });
    const last = new AIMessageChunk({
      content: '',
      tool_call_chunks: [{ args: '01",', index: 0 }],
      response_metadata: { done_reason: 'length', model_provider: 'ollama' },
      usage_metadata: { input_tokens: 5, output_tokens: 9, total_tokens: 14 },
    });
    const message = first.concat(last);
    expect(message.tool_calls?.[0]?.args).toEqual({ order_id: 'A-1001' });
    const [verdict] = diagnoseCalls(message);
    expect(verdict).toMatchObject({ state: 'arguments-truncated', at: 'tool_calls[0]' });
  });

  test('an integration built on ChatOpenAI keeps the Chat answer under its own name: read as one', () => {
    const message = new AIMessage({
      content: '',
      additional_kwargs: {
        tool_calls: [
          {
            id: 'c1',
            type: 'function',
            function: { name: 'lookup_order', arguments: '{"order_id": "A-1' },
          },
        ],
      },
      response_metadata: { model_provider: 'deepseek', finish_reason: 'length' },
    });
    const [verdict] = diagnoseCalls(message);
    expect(verdict).toMatchObject({ state: 'arguments-truncated', at: 'invalid_tool_calls[0]' });
    const read = readTurn(message);
    expect(read.ok && read.turn.surface).toBe('openai-chat');
  });

  test('no stop reason at all: cannot tell, and the note says which fields were asked', () => {
    const message = new AIMessage({
      content: '',
      tool_calls: [
        { name: 'lookup_order', args: { order_id: 'A-1001' }, id: 'c1', type: 'tool_call' },
      ],
    });
    expect(diagnoseCalls(message)[0]?.state).toBe('dispatchable-unconstrained');
    const read = readTurn(message);
    expect(read.ok && read.turn.notes.join('\n')).toContain(
      'response_metadata holds no stop reason (finish_reason, stop_reason, finishReason, stopReason, done_reason): whether the output was cut cannot be told',
    );
    expect(diagnoseTruncation(message).detail).toBe(
      'It reports no stop reason with 1 tool call; diagnoseCalls judges it.',
    );
  });
});
