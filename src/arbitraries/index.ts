/**
 * tool-call-health/arbitraries: fast-check arbitraries for property tests of tool-call
 * parsers and dispatchers, with inputs shaped like what models send. fast-check is a peer
 * dependency: these build on the copy your tests use.
 */
export { type ArgumentsForConstraints, argumentsFor } from './arguments-for.js';
export { type JsonTextConstraints, jsonText } from './json-text.js';
export {
  ARGUMENTS_FOR_FORMATS,
  ARGUMENTS_FOR_KEYWORDS,
  ARGUMENTS_FOR_UNSUPPORTED_KEYWORDS,
  UnsupportedSchemaError,
} from './keywords.js';
export {
  MALFORMED_FAMILIES,
  type MalformedFamily,
  type MalformedJsonConstraints,
  type MalformedJsonSample,
  malformedJson,
  malformedJsonSample,
} from './malformed-json.js';
export type { ToolCallExchange, ToolSpec } from './provider-payloads.js';
export { type StreamChunksConstraints, streamChunks } from './stream-chunks.js';
export {
  type ExpectedCall,
  type ExpectedDiagnoses,
  TOOL_CALL_HEALTHS,
  TOOL_CALL_SURFACES,
  type ToolCallHealth,
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
