/**
 * tool-call-health/msw: msw handler factories that replay recorded provider traffic, answer
 * stored-response and batch-result look-ups, answer with injected faults, and a recorder that
 * writes redacted HAR files (read them with `readHar` from `tool-call-health/har`).
 * Nothing here starts a server: you own `setupServer` and your unhandled-request policy
 * (`onUnhandledRequest` in msw 2; msw 3 renamed it `onUnhandledFrame` and ignores the old name).
 */

// HAR reading and redaction are `tool-call-health/har`'s; the names of the faults are the root
// entry's (`FAULTS`, `Fault`).
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
