/**
 * Our copies of the GenAI attribute names, held to `@opentelemetry/semantic-conventions`'s
 * `/incubating` exports, which the package asks users to copy rather than import at run time.
 */
import * as incubating from '@opentelemetry/semantic-conventions/incubating';
import { expect, test } from 'vitest';
import { GEN_AI, GEN_AI_MODEL_CALL_OPERATIONS } from '../../src/traces/names.js';

const THEIRS: Record<keyof typeof GEN_AI, string> = {
  operationName: incubating.ATTR_GEN_AI_OPERATION_NAME,
  providerName: incubating.ATTR_GEN_AI_PROVIDER_NAME,
  system: incubating.ATTR_GEN_AI_SYSTEM,
  requestModel: incubating.ATTR_GEN_AI_REQUEST_MODEL,
  requestMaxTokens: incubating.ATTR_GEN_AI_REQUEST_MAX_TOKENS,
  responseModel: incubating.ATTR_GEN_AI_RESPONSE_MODEL,
  responseId: incubating.ATTR_GEN_AI_RESPONSE_ID,
  responseFinishReasons: incubating.ATTR_GEN_AI_RESPONSE_FINISH_REASONS,
  usageOutputTokens: incubating.ATTR_GEN_AI_USAGE_OUTPUT_TOKENS,
  usageCompletionTokens: incubating.ATTR_GEN_AI_USAGE_COMPLETION_TOKENS,
  inputMessages: incubating.ATTR_GEN_AI_INPUT_MESSAGES,
  outputMessages: incubating.ATTR_GEN_AI_OUTPUT_MESSAGES,
  systemInstructions: incubating.ATTR_GEN_AI_SYSTEM_INSTRUCTIONS,
  toolDefinitions: incubating.ATTR_GEN_AI_TOOL_DEFINITIONS,
  toolName: incubating.ATTR_GEN_AI_TOOL_NAME,
  toolCallId: incubating.ATTR_GEN_AI_TOOL_CALL_ID,
  toolCallArguments: incubating.ATTR_GEN_AI_TOOL_CALL_ARGUMENTS,
  prompt: incubating.ATTR_GEN_AI_PROMPT,
  completion: incubating.ATTR_GEN_AI_COMPLETION,
};

test('every GenAI attribute name is the semantic-conventions package’s own', () => {
  expect(GEN_AI).toEqual(THEIRS);
});

test('the model-call operations are the package’s chat, text_completion and generate_content', () => {
  expect([...GEN_AI_MODEL_CALL_OPERATIONS]).toEqual([
    incubating.GEN_AI_OPERATION_NAME_VALUE_CHAT,
    incubating.GEN_AI_OPERATION_NAME_VALUE_TEXT_COMPLETION,
    incubating.GEN_AI_OPERATION_NAME_VALUE_GENERATE_CONTENT,
  ]);
});
