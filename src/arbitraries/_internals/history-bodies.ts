/**
 * A multi-turn agent loop as a neutral script (a prompt, rounds of calls and their results, a
 * closing answer), and the request body each surface sends for it, message for message as the
 * providers' clients write them. `brokenToolHistory` draws scripts, breaks one, and writes both.
 *
 * @internal
 */
import type { WireSurface } from '../../surfaces/types.js';

/** One call of a round, with the id its provider gave it (`null` where Gemini sent none). */
export interface ScriptCall {
  id: string | null;
  name: string;
  arguments: Record<string, unknown>;
}

/** One result of a round; `id` and `name` say which call it answers. */
export interface ScriptResult {
  id: string | null;
  name: string;
  output: string;
}

/** One round of a loop: the model's calls, then the results sent back. */
export interface ScriptRound {
  /** Text the model wrote before its calls, if any. */
  preamble: string | null;
  calls: ScriptCall[];
  results: ScriptResult[];
  /** A user message sent between the calls and their results (a break everywhere but the Responses API). */
  interrupt: string | null;
  /** Text put before the results in their message (a break on Anthropic, which wants results first). */
  textBeforeResults: string | null;
}

/** A conversation: the first prompt, the rounds of tool use, and the model's closing answer. */
export interface Script {
  prompt: string;
  rounds: ScriptRound[];
  answer: string;
  /** A follow-up the user sent after the answer, so the request ends on the user's turn. */
  followUp: string;
}

/** The tools every script's calls use: a support desk's. */
export const SCRIPT_TOOLS: ReadonlyArray<{ name: string; description: string }> = [
  { name: 'lookup_order', description: 'Find an order by its id.' },
  { name: 'issue_refund', description: 'Refund part or all of an order.' },
  { name: 'get_weather', description: 'Current weather for a city.' },
  { name: 'search_docs', description: 'Search the help centre.' },
];

const SCHEMA = {
  type: 'object',
  properties: { query: { type: 'string' } },
  required: ['query'],
  additionalProperties: false,
};

/**
 * The request body a surface's client sends for a script.
 *
 * @example
 * scriptBody('openai-chat', script).messages; // system, user, assistant with tool_calls, tool, ...
 */
export function scriptBody(surface: WireSurface['id'], script: Script): Record<string, unknown> {
  switch (surface) {
    case 'openai-chat':
      return chatBody(script);
    case 'openai-responses':
      return responsesBody(script);
    case 'anthropic-messages':
      return anthropicBody(script);
    case 'gemini':
      return geminiBody(script);
    case 'bedrock-converse':
      return bedrockBody(script);
  }
}

function chatBody(script: Script): Record<string, unknown> {
  const messages: unknown[] = [
    { role: 'system', content: 'You are a support agent.' },
    { role: 'user', content: script.prompt },
  ];
  for (const round of script.rounds) {
    messages.push({
      role: 'assistant',
      content: round.preamble,
      tool_calls: round.calls.map((call) => ({
        id: call.id,
        type: 'function',
        function: { name: call.name, arguments: JSON.stringify(call.arguments) },
      })),
    });
    if (round.interrupt !== null) messages.push({ role: 'user', content: round.interrupt });
    if (round.textBeforeResults !== null) {
      messages.push({ role: 'user', content: round.textBeforeResults });
    }
    for (const result of round.results) {
      messages.push({ role: 'tool', tool_call_id: result.id, content: result.output });
    }
  }
  messages.push({ role: 'assistant', content: script.answer });
  messages.push({ role: 'user', content: script.followUp });
  return {
    model: 'gpt-4.1',
    messages,
    tools: SCRIPT_TOOLS.map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: SCHEMA },
    })),
  };
}

function responsesBody(script: Script): Record<string, unknown> {
  const input: unknown[] = [{ role: 'user', content: script.prompt }];
  for (const round of script.rounds) {
    if (round.preamble !== null) input.push({ role: 'assistant', content: round.preamble });
    for (const call of round.calls) {
      input.push({
        type: 'function_call',
        call_id: call.id,
        name: call.name,
        arguments: JSON.stringify(call.arguments),
      });
    }
    if (round.interrupt !== null) input.push({ role: 'user', content: round.interrupt });
    if (round.textBeforeResults !== null) {
      input.push({ role: 'user', content: round.textBeforeResults });
    }
    for (const result of round.results) {
      input.push({ type: 'function_call_output', call_id: result.id, output: result.output });
    }
  }
  input.push({ role: 'assistant', content: script.answer });
  input.push({ role: 'user', content: script.followUp });
  return {
    model: 'gpt-4.1',
    input,
    tools: SCRIPT_TOOLS.map((tool) => ({
      type: 'function',
      name: tool.name,
      description: tool.description,
      parameters: SCHEMA,
      strict: true,
    })),
  };
}

function anthropicBody(script: Script): Record<string, unknown> {
  const messages: unknown[] = [{ role: 'user', content: script.prompt }];
  for (const round of script.rounds) {
    messages.push({
      role: 'assistant',
      content: [
        ...(round.preamble === null ? [] : [{ type: 'text', text: round.preamble }]),
        ...round.calls.map((call) => ({
          type: 'tool_use',
          id: call.id,
          name: call.name,
          input: call.arguments,
        })),
      ],
    });
    if (round.interrupt !== null) messages.push({ role: 'user', content: round.interrupt });
    if (round.results.length > 0 || round.textBeforeResults !== null) {
      messages.push({
        role: 'user',
        content: [
          ...(round.textBeforeResults === null
            ? []
            : [{ type: 'text', text: round.textBeforeResults }]),
          ...round.results.map((result) => ({
            type: 'tool_result',
            tool_use_id: result.id,
            content: result.output,
          })),
        ],
      });
    }
  }
  messages.push({ role: 'assistant', content: script.answer });
  messages.push({ role: 'user', content: script.followUp });
  return {
    model: 'claude-sonnet-4-5',
    max_tokens: 1024,
    system: 'You are a support agent.',
    messages,
    tools: SCRIPT_TOOLS.map((tool) => ({
      name: tool.name,
      description: tool.description,
      input_schema: SCHEMA,
    })),
  };
}

function geminiBody(script: Script): Record<string, unknown> {
  const contents: unknown[] = [{ role: 'user', parts: [{ text: script.prompt }] }];
  for (const round of script.rounds) {
    contents.push({
      role: 'model',
      parts: [
        ...(round.preamble === null ? [] : [{ text: round.preamble }]),
        ...round.calls.map((call) => ({
          functionCall: {
            ...(call.id === null ? {} : { id: call.id }),
            name: call.name,
            args: call.arguments,
          },
        })),
      ],
    });
    if (round.interrupt !== null) {
      contents.push({ role: 'user', parts: [{ text: round.interrupt }] });
    }
    if (round.results.length > 0 || round.textBeforeResults !== null) {
      contents.push({
        role: 'user',
        parts: [
          ...(round.textBeforeResults === null ? [] : [{ text: round.textBeforeResults }]),
          ...round.results.map((result) => ({
            functionResponse: {
              ...(result.id === null ? {} : { id: result.id }),
              name: result.name,
              response: { result: result.output },
            },
          })),
        ],
      });
    }
  }
  contents.push({ role: 'model', parts: [{ text: script.answer }] });
  contents.push({ role: 'user', parts: [{ text: script.followUp }] });
  return {
    contents,
    tools: [
      {
        functionDeclarations: SCRIPT_TOOLS.map((tool) => ({
          name: tool.name,
          description: tool.description,
          parameters: {
            type: 'object',
            properties: { query: { type: 'string' } },
            required: ['query'],
          },
        })),
      },
    ],
  };
}

function bedrockBody(script: Script): Record<string, unknown> {
  const messages: unknown[] = [{ role: 'user', content: [{ text: script.prompt }] }];
  for (const round of script.rounds) {
    messages.push({
      role: 'assistant',
      content: [
        ...(round.preamble === null ? [] : [{ text: round.preamble }]),
        ...round.calls.map((call) => ({
          toolUse: { toolUseId: call.id, name: call.name, input: call.arguments },
        })),
      ],
    });
    if (round.interrupt !== null) {
      messages.push({ role: 'user', content: [{ text: round.interrupt }] });
    }
    if (round.results.length > 0 || round.textBeforeResults !== null) {
      messages.push({
        role: 'user',
        content: [
          ...(round.textBeforeResults === null ? [] : [{ text: round.textBeforeResults }]),
          ...round.results.map((result) => ({
            toolResult: { toolUseId: result.id, content: [{ text: result.output }] },
          })),
        ],
      });
    }
  }
  messages.push({ role: 'assistant', content: [{ text: script.answer }] });
  messages.push({ role: 'user', content: [{ text: script.followUp }] });
  return {
    messages,
    system: [{ text: 'You are a support agent.' }],
    inferenceConfig: { maxTokens: 1024 },
    toolConfig: {
      tools: SCRIPT_TOOLS.map((tool) => ({
        toolSpec: { name: tool.name, description: tool.description, inputSchema: { json: SCHEMA } },
      })),
    },
  };
}
