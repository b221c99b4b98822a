// Stream reassembly: SSE text or parsed events back into the non-streaming body, per surface.
export {
  completedCalls,
  createStreamReader,
  reassembleStream,
  reassembleStreamAsync,
} from './reassemble.js';
export type {
  CallProgress,
  CallsProgress,
  ReassembledStream,
  ReassembleOptions,
  StreamError,
  StreamInput,
  StreamReader,
  StreamSource,
  StreamState,
} from './types.js';
