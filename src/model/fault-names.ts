/**
 * The faults fault injection writes, by name: each is the state this library's diagnoses read
 * it as, so a broken answer has one vocabulary whether it was diagnosed or injected. Data
 * only; what each fault writes is `src/faults/`'s.
 */

/**
 * A broken answer a model gives, named by the state this library's diagnoses read it as:
 * - `unknown-tool`: one call to a name the request never declared (a near miss of a real one);
 * - `arguments-violate-schema`: one call whose arguments parse and break the tool's schema in
 *   one place (a wrong type, a missing required key, an undeclared key, a value outside an enum,
 *   a string in the wrong format, or an empty arguments string for a tool that requires keys);
 * - `arguments-unparseable`: one call whose arguments are no JSON (`{...}{...}`, single quotes,
 *   a trailing comma, Python literals, a Markdown fence, unquoted keys), or Gemini's
 *   `MALFORMED_FUNCTION_CALL`;
 * - `arguments-truncated`: the output ceiling cut the call mid-arguments;
 * - `duplicate-call`: the same call, arguments and all, two or three times in one turn;
 * - `empty-output`: the turn finished with neither text nor calls;
 * - `refused`: the model refused;
 * - `stopped-by-filter`: a content filter stopped the answer;
 * - `ceiling-unreported`: a whole call under a finished stop while the output used the whole
 *   ceiling (servers that relabel a cut as a finish);
 * - `ceiling-spent-on-reasoning`: the ceiling was spent on reasoning before the answer began;
 * - `strict-void`: several calls to strict tools in one turn with parallel calls on (OpenAI);
 * - `stream-cut`: the stream ends mid-arguments, before its terminal event.
 *
 * @example
 * ```ts
 * const fault: Fault = 'arguments-truncated';
 * ```
 */
export type Fault =
  | 'unknown-tool'
  | 'arguments-violate-schema'
  | 'arguments-unparseable'
  | 'arguments-truncated'
  | 'duplicate-call'
  | 'empty-output'
  | 'refused'
  | 'stopped-by-filter'
  | 'ceiling-unreported'
  | 'ceiling-spent-on-reasoning'
  | 'strict-void'
  | 'stream-cut';

/**
 * Every {@link Fault}, simplest first: one wrong call, then a wrong turn, then a wrong stream.
 * `toolCallFault()` shrinks towards the front of this list.
 *
 * @example
 * ```ts
 * faultHandlers({ fault: FAULTS, seed: 7 }); // one fault per request, chosen by the seed
 * ```
 */
export const FAULTS: readonly Fault[] = [
  'unknown-tool',
  'arguments-violate-schema',
  'arguments-unparseable',
  'arguments-truncated',
  'duplicate-call',
  'empty-output',
  'refused',
  'stopped-by-filter',
  'ceiling-unreported',
  'ceiling-spent-on-reasoning',
  'strict-void',
  'stream-cut',
];

/**
 * A fault's old name, still taken wherever a fault is (`duplicate-calls` is `duplicate-call`, the
 * call state it causes).
 *
 * @deprecated Use the {@link Fault} it names; the old name goes in the next minor version.
 * @example
 * ```ts
 * const old: DeprecatedFault = 'duplicate-calls'; // now 'duplicate-call'
 * ```
 */
export type DeprecatedFault = 'duplicate-calls';

/** Each deprecated fault name and the name it has now. */
const RENAMED_FAULTS: Readonly<Record<DeprecatedFault, Fault>> = {
  'duplicate-calls': 'duplicate-call',
};

/**
 * The fault a name stands for, an old name read as its new one; `undefined` for no fault.
 *
 * @example
 * ```ts
 * faultNamed('duplicate-calls'); // 'duplicate-call'
 * faultNamed('refused'); // 'refused'
 * ```
 */
export function faultNamed(name: unknown): Fault | undefined {
  if (typeof name !== 'string') return undefined;
  if ((FAULTS as readonly string[]).includes(name)) return name as Fault;
  return Object.hasOwn(RENAMED_FAULTS, name) ? RENAMED_FAULTS[name as DeprecatedFault] : undefined;
}
