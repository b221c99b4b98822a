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
} from './model.js';
export { ACCEPTED_INPUTS, type ReadResult, readTurn, responseSurface } from './read-turn.js';
