/**
 * tool-call-health/msw: msw handler factories that replay recorded provider traffic, answer
 * stored-response and batch-result look-ups, answer with injected faults, and a recorder that
 * writes redacted HAR files.
 * Nothing here starts a server: you own `setupServer` and your unhandled-request policy
 * (`onUnhandledRequest` in msw 2; msw 3 renamed it `onUnhandledFrame` and ignores the old name).
 */

// Fault injection: what is written is src/faults/'s (shared with tool-call-health/arbitraries).
export { FAULTS, type Fault } from '../faults/faults.js';
// HAR reading and redaction live in ../har/ (also `tool-call-health/har`, which needs no msw).
export { type HarDocument, type HarSource, type RecordedExchange, readHar } from '../har/read.js';
export {
  KEY_PATTERNS,
  REDACTED,
  type RedactOptions,
  redact,
  SECRET_HEADERS,
} from '../har/redact.js';
export type { Chunking } from '../har/sse.js';
export type { HarEntry } from '../har/write.js';
export { type BatchResultMap, batchResults } from './batch-results.js';
export {
  FAULT_HEADER,
  type FaultEvent,
  type FaultHandlersOptions,
  faultHandlers,
} from './faults/fault-handlers.js';
export { IDENTIFYING_FIELDS } from './match.js';
export {
  type RecordedHandlersOptions,
  type RecordingMismatch,
  recordedHandlers,
} from './recorded-handlers.js';
export {
  type LifeCycleEventSource,
  type Recorder,
  type RecordToOptions,
  type RequestLifeCycleEvent,
  type ResponseLifeCycleEvent,
  recordTo,
} from './recorder.js';
export { type StoredResponseMap, storedResponses } from './stored-responses.js';
