/**
 * Which OpenAI Agents SDK object a value is, and where its model responses sit. Everything is
 * read through own data properties: a `RunResult`'s documented fields (`rawResponses`,
 * `newItems`, `lastAgent`) are getters on its prototype that return its own `state`'s
 * `_modelResponses`, `_generatedItems` and `_currentAgent`, so those own fields are read and no
 * getter is ever called. Nothing here imports the SDK: objects are recognised by their shape.
 */
import { asList, isRecord, type Json } from '../../model/narrow.js';
import { describeValue } from '../../text/describe-value.js';

/**
 * An own data property of an object, or `undefined`: never a getter's result, never a field
 * found on a prototype. Class instances (a `RunResult`, an `Agent`) are read through this.
 *
 * @example
 * own(result, 'state'); // the RunState; own(result, 'rawResponses') is undefined (a getter)
 */
export function own(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  const descriptor = Object.getOwnPropertyDescriptor(value, key);
  return descriptor !== undefined && 'value' in descriptor ? descriptor.value : undefined;
}

/** An own text property, or `undefined`. */
export function ownText(value: unknown, key: string): string | undefined {
  const found = own(value, key);
  return typeof found === 'string' ? found : undefined;
}

/** The run's model responses and what helps read them, found through own fields only. */
export interface AgentsRun {
  /** How messages name the object: `this RunResult`, `this serialised RunState`. */
  label: string;
  /** Where the responses sit, as the user names them: `rawResponses`, `modelResponses`, `''`. */
  at: string;
  /** One `ModelResponse` per model call, in order. */
  responses: unknown[];
  /** The run's generated items (`newItems`), each with its agent: which agent made a turn. */
  items: unknown[];
  /** The agent that ran last (`lastAgent`); `undefined` in a serialised state (a name only). */
  agent: unknown;
  /** The effective model settings of the last model call; `undefined` when not kept. */
  settings: unknown;
  /** Whether the object is a streamed run's result, which may be read before it completes. */
  streamed: boolean;
}

/** What a value is, when it is an Agents SDK object: its run, or why it cannot be read. */
export type AgentsValue = { kind: 'run'; run: AgentsRun } | { kind: 'unreadable'; problem: string };

/** Fields only a `RunState` (live or serialised) holds; one is enough to claim a `state`. */
const STATE_FIELDS = ['_modelResponses', '_generatedItems', '_currentAgent'] as const;
const SERIALISED_FIELDS = ['modelResponses', 'generatedItems', 'currentAgent'] as const;

function isLiveState(value: unknown): boolean {
  return isRecord(value) && STATE_FIELDS.some((key) => Object.hasOwn(value, key));
}

function isSerialisedState(value: unknown): boolean {
  return (
    isRecord(value) &&
    typeof own(value, '$schemaVersion') === 'string' &&
    SERIALISED_FIELDS.some((key) => Object.hasOwn(value, key))
  );
}

/**
 * Whether a value is one model response of the Agents SDK (`ModelResponse`): `output` items
 * beside fields no provider body has (`responseId`, `providerData`, camelCase `usage`).
 *
 * @example
 * isModelResponse(result.rawResponses[0]); // true
 * isModelResponse(responsesApiBody); // false: no responseId, providerData or usage.outputTokens
 */
export function isModelResponse(value: unknown): boolean {
  if (!isRecord(value)) return false;
  // The SDK's Usage (outputTokens) beside one more of its marks. Neither alone will do: a Gemini
  // response has a responseId, and a Bedrock Converse response usage.outputTokens beside an
  // output object where the SDK's model response holds a list of items.
  const usage = own(value, 'usage');
  if (!isRecord(usage) || !Object.hasOwn(usage, 'outputTokens')) return false;
  // One whose output is missing or junk is still the SDK's when it carries its ids, and is read
  // with a note.
  return (
    Object.hasOwn(value, 'responseId') ||
    Object.hasOwn(value, 'providerData') ||
    Array.isArray(own(value, 'output'))
  );
}

/**
 * Which Agents SDK object a value is: a `RunResult` or `StreamedRunResult` (its own `state`), a
 * `RunState` (`result.state`), an error the SDK rejected a run with (its own `state`), a
 * serialised `RunState` (`result.state.toJSON()`, or the parsed `toString()`), the list of
 * model responses (`result.rawResponses`) or one of them; `null` when it is none.
 *
 * @example
 * agentsValueOf(await run(agent, 'Where is A-1001?')); // { kind: 'run', run: { at: 'rawResponses', ... } }
 */
export function agentsValueOf(value: Json | unknown[]): AgentsValue | null {
  if (Array.isArray(value)) {
    return value.length > 0 && value.every(isModelResponse)
      ? { kind: 'run', run: bare('these model responses', '', value) }
      : null;
  }
  if (value instanceof Error) return errorValue(value);
  if (isModelResponse(value)) return { kind: 'run', run: bare('this model response', '', [value]) };
  if (isLiveState(value)) return stateValue(value, 'this RunState', '');
  if (isSerialisedState(value)) return serialisedValue(value, 'this serialised RunState', '');
  const state = own(value, 'state');
  if (isLiveState(state)) {
    // Only a StreamedRunResult has these own fields beside its state.
    const streamed = Object.hasOwn(value, 'currentTurn') && Object.hasOwn(value, 'maxTurns');
    const found = stateValue(state, streamed ? 'this StreamedRunResult' : 'this RunResult', '');
    if (found.kind === 'run') {
      // The documented name of `state._modelResponses` is `rawResponses`: messages use it.
      found.run.at = 'rawResponses';
      found.run.streamed = streamed;
    }
    return found;
  }
  if (isRecord(state) && isSerialisedState(state)) {
    return serialisedValue(state, 'this serialised RunResult', 'state.');
  }
  return null;
}

function bare(label: string, at: string, responses: unknown[]): AgentsRun {
  return {
    label,
    at,
    responses,
    items: [],
    agent: undefined,
    settings: undefined,
    streamed: false,
  };
}

/**
 * An error the SDK rejected a run with. Its `state` is the run so far when the SDK attached one
 * (`MaxTurnsExceededError`, a guardrail's tripwire); an error without one leaves nothing to
 * judge, which is said with the error's own message.
 */
function errorValue(error: Error): AgentsValue | null {
  if (!Object.hasOwn(error, 'state')) return null;
  const name = ownText(error, 'name') ?? 'error';
  const state = own(error, 'state');
  if (isLiveState(state)) return stateValue(state, `this ${name}'s state`, 'state.');
  const message = ownText(error, 'message');
  const said = message === undefined ? '' : ` ("${clip(message)}")`;
  const held = state === undefined ? '' : ` (its state is ${describeValue(state)})`;
  return {
    kind: 'unreadable',
    problem: `this ${name}${said} carries no run state${held}: the OpenAI Agents SDK rejected the run and kept none of its model responses, as it does when a non-streamed run's model calls a tool the agent does not have. Run it with { stream: true }: the StreamedRunResult keeps every model response, and can be judged`,
  };
}

function stateValue(state: unknown, label: string, prefix: string): AgentsValue {
  const responses = own(state, '_modelResponses');
  if (!Array.isArray(responses)) {
    return {
      kind: 'unreadable',
      problem: `${label} has no _modelResponses list (its ${prefix}_modelResponses is ${describeValue(responses)}), where the OpenAI Agents SDK keeps a run's model responses`,
    };
  }
  return {
    kind: 'run',
    run: {
      label,
      at: `${prefix}_modelResponses`,
      responses,
      items: asList(own(state, '_generatedItems')) ?? [],
      agent: own(state, '_currentAgent'),
      settings: own(state, '_lastModelSettings'),
      streamed: false,
    },
  };
}

function serialisedValue(state: Json, label: string, prefix: string): AgentsValue {
  const responses = own(state, 'modelResponses');
  if (!Array.isArray(responses)) {
    return {
      kind: 'unreadable',
      problem: `${label} has no modelResponses list (its ${prefix}modelResponses is ${describeValue(responses)}), where a serialised run keeps its model responses`,
    };
  }
  return {
    kind: 'run',
    run: {
      label,
      at: `${prefix}modelResponses`,
      responses,
      items: asList(own(state, 'generatedItems')) ?? [],
      // A serialised state names its agents and keeps none of their tools.
      agent: undefined,
      settings: undefined,
      streamed: false,
    },
  };
}

function clip(text: string): string {
  return text.length > 160 ? `${text.slice(0, 160)}…` : text;
}
