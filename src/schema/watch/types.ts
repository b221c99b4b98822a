/** What `watchArguments` answers, and the watcher it returns. */

/**
 * The verdict on the text written so far.
 * - While writing: `feasible` (some completion is valid), `infeasible` (none is), `malformed`
 *   (not a JSON prefix).
 * - After `end()`: `valid`, `invalid` (whole JSON that breaks the schema), `malformed`, or
 *   `truncated` (a prefix that never closed).
 *
 * @example
 * const verdict: PrefixVerdict = { state: 'infeasible', offset: 17, path: 'arguments.amount_cents', problems: ['arguments.amount_cents: expected integer, got string'] };
 */
export interface PrefixVerdict {
  state: 'feasible' | 'infeasible' | 'malformed' | 'valid' | 'invalid' | 'truncated';
  /** The index, in all the text written, of the character that doomed it or broke the JSON. */
  offset?: number;
  /** Where: `arguments.amount_cents`. */
  path?: string;
  /** Worded as the schema violations are worded. */
  problems: string[];
}

/**
 * A watcher of one call's arguments.
 *
 * @example
 * const watcher: ArgumentsWatcher = watchArguments(schema);
 */
export interface ArgumentsWatcher {
  /** Appends `text` and judges everything written so far. */
  write(text: string): PrefixVerdict;
  /** The text is whole: the document's verdict. Later calls return it again. */
  end(): PrefixVerdict;
}

/** Options for {@link watchArguments}. */
export interface WatchArgumentsOptions {
  /** What paths begin with: `arguments` (the default), or `structuredContent` for a tool's result. */
  root?: string;
}
