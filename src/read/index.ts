// Reading: any supported payload into the one Turn model, as the payload says it.
export { ACCEPTED_INPUTS, type ReadResult, readPayload, responseSurface } from './read-turn.js';
