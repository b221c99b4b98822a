/**
 * tool-call-health/arbitraries: fast-check arbitraries for property tests of tool-call
 * parsers and dispatchers, with inputs shaped like what models send. fast-check is a peer
 * dependency: these build on the copy your tests use.
 *
 * One file per public arbitrary sits beside this one; the machinery they share is in
 * `_internals/`, and only the names listed here are public.
 */

// What argumentsFor honours, the error it throws otherwise, and the tool shapes the payload
// arbitraries take and give: public names kept with the machinery that uses them.
export {
  ARGUMENTS_FOR_FORMATS,
  ARGUMENTS_FOR_KEYWORDS,
  ARGUMENTS_FOR_UNSUPPORTED_KEYWORDS,
  UnsupportedSchemaError,
} from '../values/keywords.js';
export {
  type ExpectedCall,
  type ExpectedDiagnoses,
  TOOL_CALL_HEALTHS,
  type ToolCallHealth,
} from './_internals/health.js';
export type { ToolSpec } from './_internals/provider-payloads.js';
// The arbitraries, one file each.
export { type ArgumentsForConstraints, argumentsFor } from './arguments-for.js';
export {
  type BrokenToolHistory,
  type BrokenToolHistoryConstraints,
  brokenToolHistory,
} from './broken-tool-history.js';
export { type JsonTextConstraints, jsonText } from './json-text.js';
export {
  MALFORMED_FAMILIES,
  type MalformedFamily,
  type MalformedJsonConstraints,
  type MalformedJsonSample,
  malformedJson,
  malformedJsonSample,
} from './malformed-json.js';
export { type StreamChunksConstraints, streamChunks } from './stream-chunks.js';
export {
  type ToolCallFault,
  type ToolCallFaultConstraints,
  toolCallFault,
} from './tool-call-fault.js';
export {
  TOOL_CALL_SURFACES,
  type ToolCallExchange,
  type ToolCallResponseConstraints,
  type ToolCallResponseSample,
  toolCallResponse,
} from './tool-call-response.js';
export { type TruncatedJsonConstraints, truncatedJson } from './truncated-json.js';
export {
  VIOLATION_KINDS,
  type ViolatingArguments,
  type ViolatingArgumentsForConstraints,
  type Violation,
  type ViolationKind,
  violatingArgumentsFor,
} from './violating-arguments-for.js';
