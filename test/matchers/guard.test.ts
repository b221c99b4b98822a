import { describe, expect, test } from 'vitest';
import { MatcherInputError } from '../../src/matchers/guard.js';
import { anthropicRequest, chatRequest } from '../support/payloads.js';
import './support.js';

/** The error a matcher throws on input it cannot judge, as the user reads it. */
function inputErrorOf(assertion: () => void): string {
  try {
    assertion();
  } catch (error) {
    expect(error).toBeInstanceOf(MatcherInputError);
    return (error as Error).message;
  }
  throw new Error('expected the matcher to throw a MatcherInputError');
}

describe('what a matcher says about input it cannot judge', () => {
  test('names what it accepts once, then what it received', () => {
    expect(inputErrorOf(() => expect(3).toBeDispatchable())).toMatchInlineSnapshot(`
      "tool-call-health: toBeDispatchable() accepts a provider response (OpenAI Responses or Chat Completions, Anthropic message, Gemini, Bedrock Converse), an exchange { request, response }, an Anthropic batch results line, an MCP exchange { tools, call }, a Vercel AI SDK result or its steps, an OpenAI Agents SDK run result, or a LangChain AIMessage.
        Received: the integer 3"
    `);
  });

  test("adds what the reader found: text that is not JSON, a stream chunk, an API error, an exchange's response", () => {
    expect(inputErrorOf(() => expect('hello').toCallTool('lookup_order'))).toMatchInlineSnapshot(`
      "tool-call-health: toCallTool() accepts a provider response (OpenAI Responses or Chat Completions, Anthropic message, Gemini, Bedrock Converse), an exchange { request, response }, an Anthropic batch results line, an MCP exchange { tools, call }, a Vercel AI SDK result or its steps, an OpenAI Agents SDK run result, or a LangChain AIMessage.
        Received: the string "hello", which is not JSON"
    `);
    const chunk = { object: 'chat.completion.chunk', choices: [] };
    expect(inputErrorOf(() => expect(chunk).toKeepStrictGuarantee())).toMatchInlineSnapshot(`
      "tool-call-health: toKeepStrictGuarantee() accepts a provider response (OpenAI Responses or Chat Completions, Anthropic message, Gemini, Bedrock Converse), an exchange { request, response }, an Anthropic batch results line, an MCP exchange { tools, call }, a Vercel AI SDK result or its steps, an OpenAI Agents SDK run result, a LangChain AIMessage, or a request body.
        Received: one stream chunk (chat.completion.chunk); pass the whole response the stream assembles into"
    `);
    const error = {
      error: { type: 'invalid_request_error', message: 'max_tokens: Field required' },
    };
    expect(inputErrorOf(() => expect(error).toNotBeTruncated())).toMatchInlineSnapshot(`
      "tool-call-health: toNotBeTruncated() accepts a provider response (OpenAI Responses or Chat Completions, Anthropic message, Gemini, Bedrock Converse), an exchange { request, response }, an Anthropic batch results line, an MCP exchange { tools, call }, a Vercel AI SDK result or its steps, an OpenAI Agents SDK run result, a LangChain AIMessage, or a string of JSON text.
        Received: an API error response (invalid_request_error): max_tokens: Field required; it holds no model output"
    `);
    const exchange = { request: anthropicRequest(), response: 5 };
    expect(inputErrorOf(() => expect(exchange).toBeDispatchable())).toMatchInlineSnapshot(`
      "tool-call-health: toBeDispatchable() accepts a provider response (OpenAI Responses or Chat Completions, Anthropic message, Gemini, Bedrock Converse), an exchange { request, response }, an Anthropic batch results line, an MCP exchange { tools, call }, a Vercel AI SDK result or its steps, an OpenAI Agents SDK run result, or a LangChain AIMessage.
        Received: an object with keys "request", "response"
        the exchange's response is the integer 5"
    `);
  });

  test('a Promise: did you forget to await, with an example that fits every provider', () => {
    const pending = Promise.resolve(chatRequest());
    expect(inputErrorOf(() => expect(pending).toBeDispatchable())).toMatchInlineSnapshot(`
      "tool-call-health: toBeDispatchable() received a Promise. Did you forget to await the response?
        expect(await yourClientCall(...)).toBeDispatchable()"
    `);
    expect(
      inputErrorOf(() => expect(pending).toCallTool('lookup_order', { order_id: 'A-1' })),
    ).toMatchInlineSnapshot(`
      "tool-call-health: toCallTool() received a Promise. Did you forget to await the response?
        expect(await yourClientCall(...)).toCallTool(name, expectedArguments)"
    `);
    expect(inputErrorOf(() => expect(pending).toBeStrictCompatible())).toMatchInlineSnapshot(`
      "tool-call-health: toBeStrictCompatible() received a Promise. Did you forget to await the tools?
        expect(await …).toBeStrictCompatible()"
    `);
  });

  test('the arguments of a matcher are named with the value received, as the input is', () => {
    expect(inputErrorOf(() => expect(3).toBeStrictCompatible())).toMatchInlineSnapshot(`
      "tool-call-health: toBeStrictCompatible() accepts a tool definition, an array of them, a request body with tools, an MCP tools/list result, or a framework's tools (an AI SDK ToolSet, an Agents SDK agent, LangChain tools).
        Received: the integer 3"
    `);
    expect(
      inputErrorOf(() => expect({}).toBeStrictCompatible({ provider: 'cohere' as never })),
    ).toMatchInlineSnapshot(
      `"tool-call-health: toBeStrictCompatible({ provider }) takes 'openai' or 'anthropic'; received the string "cohere""`,
    );
    expect(inputErrorOf(() => expect({}).toCallTool(3 as never))).toMatchInlineSnapshot(
      `"tool-call-health: toCallTool(name, expectedArguments?) needs the tool name as a string; received the integer 3"`,
    );
  });
});
