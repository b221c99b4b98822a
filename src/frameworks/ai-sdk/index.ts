import type { Adapter } from '../../surfaces/types.js';
import { aiSdkHistory } from './history.js';
import { SERIALISE_BY_PROVIDER } from './providers.js';
import { readAiSdk } from './read.js';
import { aiSdkValueOf } from './shapes.js';
import { isToolSet, toolSetDeclarations } from './tools.js';

/** Where the AI SDK documents a tool's `inputSchema` and `strict`. */
export const AI_SDK_TOOL_DOCS = 'https://ai-sdk.dev/docs/reference/ai-sdk-core/tool';

/**
 * The Vercel AI SDK: a `generateText` result, the steps of a consumed `streamText` result, or
 * one step, each step one turn. A step that kept the provider's bodies is read through that
 * provider's surface; one that did not (every `streamText` step) from its normalised content,
 * as its provider's surface when its model names a provider read here, and as `ai-sdk` when it
 * does not (a `MockLanguageModelV3`, a community provider): these facts are for that last case,
 * where no provider's strict mode can be told.
 */
export const aiSdk: Adapter = {
  kind: 'adapter',
  id: 'ai-sdk',
  title: 'Vercel AI SDK',
  titleTakesThe: true,
  recognise: (value) => aiSdkValueOf(value) !== null,
  read: (value) => readAiSdk(value),
  toolsOption: (value) => (isToolSet(value) ? toolSetDeclarations(value) : undefined),
  history: aiSdkHistory,
  facts: {
    ceilingField: 'maxOutputTokens',
    // A cut call's text is kept: an invalid call's error holds what the model wrote.
    cutCallsLookWhole: false,
    callItem: 'tool-call part',
    streamEnd: "the stream's finish part",
    declarationsFrom: 'the ToolSet given to generateText or streamText',
    strict: {
      provider: null,
      rules: null,
      whenUnstated: 'not-strict',
      voidedByParallelCalls: false,
      serialiseByProvider: SERIALISE_BY_PROVIDER,
      advice: (name) =>
        `Declare ${name} with tool({ strict: true }) on a provider with strict tool calls (OpenAI, Anthropic), or give its inputSchema a validator (a zod schema, or jsonSchema(schema, { validate })) so the AI SDK marks a call that breaks it invalid instead of running it.`,
      source: { url: AI_SDK_TOOL_DOCS, read: '2026-12-01' },
    },
  },
};

export { STREAM_RESULT_PROBLEM } from './read.js';
