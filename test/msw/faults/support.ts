/**
 * An agent's first request on every surface, sent by the official client where one runs on
 * Node 20 (openai, @anthropic-ai/sdk, the Bedrock Runtime client) and by plain fetch to the
 * documented REST URL for Gemini, with what came back: the parsed body, or the events a stream
 * yielded, reassembled.
 */
import Anthropic from '@anthropic-ai/sdk';
import {
  BedrockRuntimeClient,
  type Tool as BedrockTool,
  ConverseCommand,
  ConverseStreamCommand,
} from '@aws-sdk/client-bedrock-runtime';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import OpenAI from 'openai';
import { reassembleStream, reassembleStreamAsync } from '../../../src/index.js';
import type { WireSurfaceId } from '../../../src/model/model.js';
import { TOOLS } from '../../faults/order-tools.js';

export const CEILING = 1024;
const PROMPT = 'Where is order A-1001, and refund it if it is late.';

// Made per request: the OpenAI and Anthropic clients keep the fetch they found when made, and
// msw replaces globalThis.fetch only once the server listens.
const openaiClient = () =>
  new OpenAI({ apiKey: 'test-key-not-real', baseURL: 'http://localhost/v1', maxRetries: 0 });
const anthropicClient = () =>
  new Anthropic({ apiKey: 'test-key-not-real', baseURL: 'http://localhost', maxRetries: 0 });
/** HTTP/1.1: msw does not intercept the client's default HTTP/2. */
const bedrock = new BedrockRuntimeClient({
  region: 'us-east-1',
  credentials: {
    accessKeyId: 'AKIDEXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  },
  maxAttempts: 1,
  requestHandler: new NodeHttpHandler(),
});

/** What a surface answered: the response (a body, or a reassembled stream) or what was raised. */
export type Answer =
  | { ok: true; response: unknown }
  | { ok: false; status: number | undefined; message: string };

type Tools = typeof TOOLS;

/** Sends the agent's request on `surface`, as its client does, and returns the answer. */
export async function ask(
  surface: WireSurfaceId,
  streamed: boolean,
  tools: Tools = TOOLS,
): Promise<Answer> {
  try {
    return { ok: true, response: await send(surface, streamed, tools) };
  } catch (error) {
    const raised = error as {
      status?: number;
      $metadata?: { httpStatusCode?: number };
      // The error body: OpenAI's SDK keeps its `error` member, Anthropic's the whole body.
      error?: { message?: string; error?: { message?: string } };
    };
    return {
      ok: false,
      status: raised.status ?? raised.$metadata?.httpStatusCode,
      message:
        raised.error?.error?.message ??
        raised.error?.message ??
        (error instanceof Error ? error.message : String(error)),
    };
  }
}

async function collect<T>(stream: AsyncIterable<T>): Promise<T[]> {
  const events: T[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

async function send(surface: WireSurfaceId, streamed: boolean, tools: Tools): Promise<unknown> {
  const openai = openaiClient();
  const anthropic = anthropicClient();
  switch (surface) {
    case 'openai-chat': {
      const body = {
        model: 'gpt-4.1',
        messages: [{ role: 'user' as const, content: PROMPT }],
        tools: tools.map((tool) => ({ type: 'function' as const, function: tool })),
        max_completion_tokens: CEILING,
      };
      if (!streamed) return openai.chat.completions.create(body);
      return reassembleStream(
        await collect(await openai.chat.completions.create({ ...body, stream: true })),
      );
    }
    case 'openai-responses': {
      const body = {
        model: 'gpt-5',
        input: PROMPT,
        tools: tools.map((tool) => ({ type: 'function' as const, ...tool })),
        max_output_tokens: CEILING,
      };
      if (!streamed) return openai.responses.create(body);
      return reassembleStream(
        await collect(await openai.responses.create({ ...body, stream: true })),
      );
    }
    case 'anthropic-messages': {
      const body = {
        model: 'claude-sonnet-4-5-20250929',
        max_tokens: CEILING,
        messages: [{ role: 'user' as const, content: PROMPT }],
        tools: tools.map((tool) => ({
          name: tool.name,
          description: tool.description,
          strict: tool.strict,
          input_schema: tool.parameters as Anthropic.Tool.InputSchema,
        })),
      };
      if (!streamed) return anthropic.messages.create(body);
      return reassembleStream(
        await collect(await anthropic.messages.create({ ...body, stream: true })),
      );
    }
    case 'gemini': {
      const method = streamed ? 'streamGenerateContent?alt=sse' : 'generateContent';
      const response = await fetch(`http://localhost/v1beta/models/gemini-2.5-flash:${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-goog-api-key': 'test-key-not-real' },
        body: JSON.stringify({
          contents: [{ role: 'user', parts: [{ text: PROMPT }] }],
          tools: [
            {
              functionDeclarations: tools.map((tool) => ({
                name: tool.name,
                description: tool.description,
                parametersJsonSchema: tool.parameters,
              })),
            },
          ],
          generationConfig: { maxOutputTokens: CEILING },
        }),
      });
      if (!response.ok) {
        const error = (await response.json()) as { error: { message: string } };
        throw Object.assign(new Error(error.error.message), { status: response.status });
      }
      return streamed ? reassembleStream(await response.text()) : response.json();
    }
    case 'bedrock-converse': {
      const input = {
        modelId: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
        messages: [{ role: 'user' as const, content: [{ text: PROMPT }] }],
        inferenceConfig: { maxTokens: CEILING },
        toolConfig: {
          tools: tools.map(
            (tool): BedrockTool => ({
              toolSpec: {
                name: tool.name,
                description: tool.description,
                strict: tool.strict,
                inputSchema: { json: tool.parameters as never },
              },
            }),
          ),
        },
      };
      if (!streamed) return bedrock.send(new ConverseCommand(input));
      const output = await bedrock.send(new ConverseStreamCommand(input));
      if (output.stream === undefined) throw new Error('ConverseStream gave no stream');
      return reassembleStreamAsync(output.stream);
    }
  }
}
