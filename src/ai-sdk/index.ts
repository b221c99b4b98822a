/**
 * tool-call-health/ai-sdk: an AI SDK language model whose answers carry faults, for agent loops
 * tested without the network. `ai` is never imported: the model implements the specification's
 * shapes (`v3` for ai 6, `v4` for ai 7), declared here.
 */

export {
  type FaultyLanguageModelOptions,
  type FaultyModelEvent,
  faultyLanguageModel,
} from './faulty-language-model.js';
export type {
  CallTool,
  FaultyCallOptions,
  FaultyContent,
  FaultyFinishReason,
  FaultyGenerateResult,
  FaultyLanguageModel,
  FaultyResponseMetadata,
  FaultyStreamPart,
  FaultyUsage,
  SpecificationVersion,
} from './types.js';
