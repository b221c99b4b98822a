// Judging arguments while they stream: the watcher and what it answers.
export type { ArgumentsWatcher, PrefixVerdict, WatchArgumentsOptions } from './types.js';
export { watchArguments } from './watch-arguments.js';
