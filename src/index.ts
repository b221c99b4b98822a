/**
 * tool-call-health: is an LLM tool call fit to dispatch, was the output cut by its ceiling,
 * and did a strict-schema guarantee hold? Pure functions, no test-framework import.
 */
export {
  type CallState,
  type CallVerdict,
  diagnoseCalls,
} from './diagnose/dispatch.js';
export {
  diagnoseHistory,
  type HistoryDiagnosis,
  type HistoryOptions,
  type HistoryState,
} from './diagnose/history.js';
export {
  diagnoseStrictGuarantee,
  type Exposure,
  exposure,
  type StrictDiagnosis,
  type StrictState,
} from './diagnose/strict.js';
export {
  lintStrictSchema,
  type StrictEvidenceKind,
  type StrictLintNote,
  type StrictLintOptions,
  type StrictLintProblem,
  type StrictLintResult,
  type StrictLintRule,
  type StrictLintSelection,
  type StrictLintSkippedTool,
  type StrictProvider,
} from './diagnose/strict-lint.js';
export {
  diagnoseToolResult,
  type ToolResultDiagnosis,
  type ToolResultState,
} from './diagnose/tool-result.js';
export {
  diagnoseTruncation,
  REASONING_DOMINANT_SHARE,
  type TruncationDiagnosis,
  type TruncationState,
} from './diagnose/truncation.js';
export { readTurn, readTurns } from './diagnose/turn.js';
export {
  describeJson,
  type JsonDescription,
  type JsonState,
  jsonCompletion,
  jsonState,
} from './json/index.js';
// The faults fault injection writes, named by the states they cause: one vocabulary for the
// msw handlers, the arbitraries and the AI SDK's faulty model.
export { type DeprecatedFault, FAULTS, type Fault } from './model/fault-names.js';
export type {
  CallArguments,
  ReadOptions,
  Source,
  Stop,
  StopKind,
  Surface,
  ToolCall,
  ToolDeclaration,
  Turn,
  WireSurfaceId,
} from './model/model.js';
export {
  ACCEPTED_INPUTS,
  completedCalls,
  createStreamReader,
  type PlacedTurn,
  type ReadResult,
  type ReadTurnsResult,
  reassembleStream,
  reassembleStreamAsync,
  responseSurface,
} from './read/index.js';
export {
  type CallWatchVerdict,
  type ToolCallsWatch,
  type ToolCallsWatcher,
  type WatchedCall,
  type WatchToolCallsOptions,
  watchToolCalls,
} from './read/watch-tool-calls.js';
export {
  type ArgumentsWatcher,
  type PrefixVerdict,
  type WatchArgumentsOptions,
  watchArguments,
} from './schema/watch/index.js';
export type {
  CallProgress,
  CallsProgress,
  ReassembledStream,
  ReassembleOptions,
  StreamInput,
  StreamReader,
  StreamSource,
} from './stream/types.js';
