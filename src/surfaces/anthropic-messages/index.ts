import { asText, recordOf } from '../../model/narrow.js';
import type { WireSurface } from '../types.js';
import { isBatchLine, readBatchLine } from './batch.js';
import { anthropicHistory } from './history.js';
import { readAnthropicMessage, readAnthropicSettings } from './read.js';
import { createAnthropicAssembler } from './stream.js';
import { ANTHROPIC_STRICT_RULES } from './strict-rules.js';
import { readAnthropicTool } from './tools.js';

const EVENTS = new Set([
  'message_start',
  'message_delta',
  'message_stop',
  'content_block_start',
  'content_block_delta',
  'content_block_stop',
  'ping',
]);

/** Anthropic's Messages API, and the lines of a Message Batches results file. */
export const anthropicMessages: WireSurface = {
  kind: 'wire',
  id: 'anthropic-messages',
  title: 'Anthropic',
  response: {
    recognise: (body) =>
      body.type === 'message' ||
      (Array.isArray(body.content) &&
        (Object.hasOwn(body, 'stop_reason') || body.role === 'assistant')),
    read: (body) => readAnthropicMessage(body),
  },
  request: {
    specificity: 3,
    // `anthropic_version` is what a Claude body sent to Bedrock's InvokeModel carries instead of
    // `model` (the model id is in the URL): that body is this surface's request.
    recognise: (body) =>
      Object.hasOwn(body, 'anthropic_version') ||
      Object.hasOwn(body, 'system') ||
      Object.hasOwn(body, 'stop_sequences') ||
      Object.hasOwn(body, 'top_k') ||
      recordOf(body.tool_choice)?.disable_parallel_tool_use !== undefined ||
      (Array.isArray(body.tools) &&
        body.tools.some((tool) => {
          const declared = recordOf(tool);
          return declared !== undefined && Object.hasOwn(declared, 'input_schema');
        })),
    readSettings: readAnthropicSettings,
  },
  envelopes: [{ recognise: isBatchLine, read: readBatchLine }],
  tools: readAnthropicTool,
  history: anthropicHistory,
  stream: {
    claims: (event) => {
      const type = asText(event.type);
      return type !== undefined && EVENTS.has(type) ? 2 : 0;
    },
    // `event: error` with `{ "type": "error", "error": { "type": "overloaded_error", ... } }`.
    claimsError: (event) =>
      event.type === 'error' && asText(recordOf(event.error)?.type) !== undefined,
    assembler: createAnthropicAssembler,
  },
  facts: {
    ceilingField: 'max_tokens',
    cutCallsLookWhole: true,
    callItem: 'tool_use block',
    streamEnd: 'message_stop',
    strict: {
      provider: 'anthropic',
      rules: ANTHROPIC_STRICT_RULES,
      whenUnstated: 'not-strict',
      // Anthropic documents strict tool use, and does not say parallel calls void it.
      voidedByParallelCalls: false,
      advice: (name) =>
        `Declare ${name} with strict: true (and additionalProperties: false) so Anthropic holds its input to the schema.`,
      serialiseWith: 'tool_choice.disable_parallel_tool_use: true',
      source: {
        url: 'https://docs.claude.com/en/docs/build-with-claude/structured-outputs',
        read: '2026-11-30',
      },
    },
  },
};
