// Reading: any supported payload into the one Turn model, as the payload says it.
export { ACCEPTED_INPUTS, type ReadResult } from './read-failure.js';
// Options: the wrong kind of value is a programming error, thrown as a TypeError.
export { checkOptionsObject, checkReadOptions } from './read-options.js';
export {
  type PlacedTurn,
  type ReadTurnsResult,
  readPayload,
  readPayloads,
  responseSurface,
} from './read-turn.js';
// Stream reassembly: SSE text, bytes or parsed events back into the non-streaming body.
export {
  completedCalls,
  createStreamReader,
  reassembleStream,
  reassembleStreamAsync,
} from './reassemble.js';
export { checkSurface } from './stream-reader.js';
