import { recordOf } from '../../model/narrow.js';
import type { WireSurface } from '../types.js';
import { bedrockHistory } from './history.js';
import { readBedrockResponse, readBedrockSettings } from './read.js';
import { BEDROCK_EVENTS, BEDROCK_EXCEPTIONS, createBedrockAssembler } from './stream.js';
import { readBedrockTool } from './tools.js';

/** Request fields only Converse sends (Gemini's `toolConfig` holds `functionCallingConfig` instead). */
const REQUEST_FIELDS = [
  'inferenceConfig',
  'additionalModelRequestFields',
  'additionalModelResponseFieldPaths',
  'guardrailConfig',
  'promptVariables',
];

/** The one member key of a union-shaped event, when it has exactly one besides its padding. */
function memberOf(event: Record<string, unknown>): string | undefined {
  let member: string | undefined;
  for (const key of Object.keys(event)) {
    if (key === 'p') continue;
    if (member !== undefined) return undefined;
    member = key;
  }
  return member;
}

/** AWS Bedrock's Converse and ConverseStream APIs, REST bodies and the AWS SDK's objects alike. */
export const bedrockConverse: WireSurface = {
  kind: 'wire',
  id: 'bedrock-converse',
  title: 'Bedrock Converse',
  response: {
    recognise: (body) => {
      const output = recordOf(body.output);
      return (
        output !== undefined &&
        (recordOf(output.message) !== undefined || typeof body.stopReason === 'string')
      );
    },
    read: (body) => readBedrockResponse(body),
  },
  request: {
    // Above Gemini's 4: `inferenceConfig` and a `toolConfig` holding `tools` are Converse's alone,
    // and a Gemini request (`contents`) is never claimed.
    specificity: 5,
    recognise: (body) => {
      if (Object.hasOwn(body, 'contents')) return false;
      const config = recordOf(body.toolConfig);
      return (
        REQUEST_FIELDS.some((field) => Object.hasOwn(body, field)) ||
        (config !== undefined &&
          (Object.hasOwn(config, 'tools') || Object.hasOwn(config, 'toolChoice')))
      );
    },
    readSettings: readBedrockSettings,
  },
  tools: readBedrockTool,
  history: bedrockHistory,
  stream: {
    claims: (event) => {
      const member = memberOf(event);
      if (member === undefined || recordOf(event[member]) === undefined) return 0;
      // `metadata` alone is a name other APIs could use: a guess a surer claim beats.
      if (member === 'metadata') return 1;
      return BEDROCK_EVENTS.has(member) || BEDROCK_EXCEPTIONS.has(member) ? 2 : 0;
    },
    // An AWS error body on the streaming URL: `{ "message": ... }` alone.
    claimsError: (event) =>
      typeof event.message === 'string' && event.error === undefined && event.type === undefined,
    assembler: createBedrockAssembler,
  },
  facts: {
    ceilingField: 'inferenceConfig.maxTokens',
    cutCallsLookWhole: true,
    callItem: 'toolUse block',
    streamEnd: 'messageStop',
    strict: {
      // Bedrock documents `toolSpec.strict` ("Flag to enable structured output enforcement on a
      // tool usage response") but no strict-mode schema rules of its own that were read here,
      // and says nothing of parallel calls voiding it.
      provider: null,
      rules: null,
      whenUnstated: 'not-strict',
      voidedByParallelCalls: false,
      // No `serialiseWith`: AWS documents no setting that limits a Converse turn to one call.
      // `toolConfig.toolChoice` is `auto`, `any` or `tool` (at least one call, or one named
      // tool), none of which caps the count
      // (https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolChoice.html,
      // read 2026-12-01). Anthropic's `tool_choice.disable_parallel_tool_use` sent through
      // `additionalModelRequestFields` reaches Claude (client libraries such as LiteLLM do so),
      // but that is Anthropic's field on one model family, not a Converse setting AWS documents.
      advice: (name) =>
        `Declare ${name} with toolSpec.strict: true on a model Bedrock supports structured outputs for, so Bedrock holds its input to inputSchema.json.`,
      source: {
        url: 'https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolSpecification.html',
        read: '2026-12-01',
      },
    },
  },
};
