// The JSON state machine: whole-text verdicts and the resumable scanner behind them.
export { describeJson, jsonCompletion, jsonState } from './json-state.js';
export { type JsonDescription, JsonScanner, type JsonState } from './scanner.js';
