/**
 * Vercel AI SDK objects read into turns, one per step: a `generateText` result, the steps of a
 * consumed `streamText` result (`await result.steps`), or one step. Only own fields are read;
 * the result's and the step's getters (`toolCalls`, `text`, `finishReason` on the result) are
 * left alone, since each step's own `content`, `finishReason`, `rawFinishReason`, `usage`,
 * `request` and `response` carry the same facts.
 *
 * A step that kept the provider's wire bodies (`generateText` keeps `request.body` and
 * `response.body` unless told not to) is handed over as that exchange, the most faithful
 * evidence there is: read by the provider's surface, strict flags, exact stop and usage
 * included. A step without a response body (every `streamText` step) is read from its
 * normalised content, with its request body, when it has one, read by the provider's surface
 * for the tools, strict flags, parallel setting and ceiling it sent.
 */
import type { ToolCall, Turn, WireSurfaceId } from '../../model/model.js';
import { asCount, asText, type Json, recordOf } from '../../model/narrow.js';
import { blankTurn, modelInto } from '../../model/turn.js';
import type { AdaptedTurn, AdapterReading } from '../../surfaces/types.js';
import { describeValue } from '../../text/describe-value.js';
import { CUT_CALLS_LOOK_WHOLE, providerSurface } from './providers.js';
import { aiSdkValueOf, isStep } from './shapes.js';
import { stepStop } from './stop.js';

/** What a `streamText` result gets: its steps are promises, and every reader here is synchronous. */
const STREAM_RESULT =
  'a Vercel AI SDK streamText result, whose steps, finish reason and usage are promises that a synchronous check cannot wait for; consume the stream and pass its steps: `const steps = await result.steps`, then `expect(steps).toBeDispatchable({ tools })`';
export const STREAM_RESULT_PROBLEM = `got ${STREAM_RESULT}`;

/** How long an error message from the AI SDK may run in a note. */
const ERROR_PREVIEW = 200;

/**
 * Reads an AI SDK value into its turns, or says why it cannot be read.
 *
 * @example
 * readAiSdk(await generateText({ model, tools, prompt })); // { kind: 'turns', turns: [{ at: 'steps[0]', payload: { request, response } }] }
 */
export function readAiSdk(value: Json | unknown[]): AdapterReading {
  const kind = Array.isArray(value) ? 'steps' : aiSdkValueOf(value);
  if (kind === 'stream-result') {
    return { kind: 'unreadable', problem: STREAM_RESULT_PROBLEM, received: STREAM_RESULT };
  }
  if (kind === 'step' && !Array.isArray(value)) return oneOrProblem(readStep(value, ''));
  const steps = Array.isArray(value) ? value : value.steps;
  const what = Array.isArray(value) ? 'the list of AI SDK steps' : "the AI SDK result's steps";
  if (!Array.isArray(steps)) {
    return {
      kind: 'unreadable',
      problem: `${what} is ${describeValue(steps)}, not a list of steps`,
    };
  }
  if (steps.length === 0) {
    return { kind: 'unreadable', problem: `${what} is empty: the model was never called` };
  }
  const turns: AdaptedTurn[] = [];
  for (let index = 0; index < steps.length; index++) {
    const at = `steps[${index}]`;
    const step = steps[index];
    if (!isStep(step)) {
      return {
        kind: 'unreadable',
        problem: `${at} is ${describeValue(step)}, not an AI SDK step (own content[] and finishReason)`,
      };
    }
    const read = readStep(step as Json, at);
    if (typeof read === 'string') return { kind: 'unreadable', problem: read };
    turns.push(read);
  }
  return { kind: 'turns', turns };
}

function oneOrProblem(read: AdaptedTurn | string): AdapterReading {
  return typeof read === 'string'
    ? { kind: 'unreadable', problem: read }
    : { kind: 'turns', turns: [read] };
}

/**
 * One step: its wire exchange where it kept one, else its normalised content; or why neither.
 * The step is a class instance: its two bodies are read as own fields by name, and it is copied
 * (which finds no field on a prototype) only when its normalised content is read.
 */
function readStep(step: Json, at: string): AdaptedTurn | string {
  const prefix = at === '' ? '' : `${at}.`;
  const requestBody = Object.hasOwn(step, 'request') ? recordOf(step.request)?.body : undefined;
  const responseBody = Object.hasOwn(step, 'response') ? recordOf(step.response)?.body : undefined;
  if (responseBody !== undefined && responseBody !== null) {
    const payload =
      requestBody === undefined ? responseBody : { request: requestBody, response: responseBody };
    return new CarriedBodies(at, payload, step, prefix);
  }
  const normalised = normalisedTurn(step, prefix);
  if (typeof normalised === 'string') return normalised;
  normalised.notes.push(
    `${prefix}response holds no provider body (a streamText step keeps none, nor do models that return none), so the step is read from the AI SDK's normalised content`,
  );
  if (requestBody === undefined || requestBody === null) return { at, turn: normalised };
  return { at, turn: normalised, request: { body: requestBody, at: `${prefix}request.body` } };
}

/**
 * A step's provider bodies, with the step's own fields as the fallback, read only when the
 * bodies cannot be (reading asks for it then alone): a step whose bodies read costs no more than
 * the bodies do.
 */
class CarriedBodies {
  constructor(
    readonly at: string,
    readonly payload: unknown,
    private readonly step: Json,
    private readonly prefix: string,
  ) {}

  /** Read once: the reader adds its note to the turn it was given, then keeps that turn. */
  private read: Turn | undefined | null = null;

  get fallback(): Turn | undefined {
    if (this.read === null) {
      const normalised = normalisedTurn(this.step, this.prefix);
      this.read = typeof normalised === 'string' ? undefined : normalised;
    }
    return this.read;
  }
}

/** A step read from its own normalised fields, or why it cannot be. */
function normalisedTurn(instance: Json, prefix: string): Turn | string {
  const step = recordOf(instance) ?? {};
  const content = step.content;
  if (!Array.isArray(content)) {
    return `${prefix}content is ${describeValue(content)}, not the list of parts an AI SDK step holds, so its calls cannot be read`;
  }
  const turn = blankTurn(providerSurface(step.model) ?? 'ai-sdk', 'response');
  turn.id = asText(recordOf(step.response)?.id) ?? null;
  modelInto(turn, recordOf(step.response)?.modelId ?? recordOf(step.model)?.modelId);
  const usage = recordOf(step.usage);
  if (usage === undefined) {
    turn.notes.push(
      `${prefix}usage is ${describeValue(step.usage)}, not the AI SDK's usage; the output tokens are unknown`,
    );
  }
  turn.outputTokens = asCount(usage?.outputTokens);
  turn.reasoningTokens =
    asCount(recordOf(usage?.outputTokenDetails)?.reasoningTokens) ??
    asCount(usage?.reasoningTokens);
  const { stop, note } = stepStop(
    step.finishReason,
    step.rawFinishReason,
    turn.outputTokens,
    prefix,
    turn.surface,
  );
  turn.stop = stop;
  if (note !== undefined) turn.notes.push(note);
  // The last part the model wrote: the client's own results of its calls come after it.
  let lastOutput: unknown;
  for (let index = 0; index < content.length; index++) {
    if (readPart(content[index], `content[${index}]`, prefix, turn)) lastOutput = content[index];
  }
  markCutCall(turn, lastOutput, prefix);
  return turn;
}

/**
 * On a provider that hands a call's input over decoded, the call a ceiling cut looks whole: when
 * the turn stopped on its ceiling or a full context window with a call as the last thing the
 * model wrote, that call is the one being written, as the provider's own surface reads it.
 */
function markCutCall(turn: Turn, lastOutput: unknown, prefix: string): void {
  if (!CUT_CALLS_LOOK_WHOLE.has(turn.surface as WireSurfaceId)) return;
  const last = turn.calls[turn.calls.length - 1];
  const part = recordOf(lastOutput);
  if (last === undefined || part?.type !== 'tool-call' || last.arguments.form !== 'object') return;
  // A ceiling reached unreported is known only once the ceiling is: readTurn marks it then.
  last.endsOutput = true;
  const kind = turn.stop.kind;
  if (kind !== 'ceiling' && kind !== 'context-window') return;
  last.unfinished = true;
  turn.notes.push(
    `${prefix}${last.at} is the call the model was writing when it stopped (${turn.stop.said}); its provider hands a cut call's input over decoded, so it looks whole, and it is read as unfinished`,
  );
}

/**
 * One content part into the turn: text, reasoning, a call, or output nothing here judges; `true`
 * when the model wrote it (the client's results of its calls are no model output).
 */
function readPart(value: unknown, at: string, prefix: string, turn: Turn): boolean {
  const part = recordOf(value);
  if (part === undefined) {
    turn.notes.push(`${prefix}${at} is ${describeValue(value)}, not a content part; skipped`);
    return false;
  }
  const type = asText(part.type);
  switch (type) {
    case 'text':
      turn.text += asText(part.text) ?? '';
      return true;
    case 'reasoning':
      turn.reasoningSeen = true;
      return true;
    case 'tool-call':
      if (part.providerExecuted === true) {
        turn.otherOutput.push(`provider-executed tool-call at ${at}`);
        return true;
      }
      turn.calls.push(callOf(part, at, prefix, turn.notes));
      return true;
    case 'tool-result':
    case 'tool-error':
      // The client's own run of a call is no model output; a provider's run of its tool is.
      if (part.providerExecuted !== true) return false;
      turn.otherOutput.push(`provider-executed ${type} at ${at}`);
      return true;
    case 'tool-approval-request':
      return false;
    default:
      turn.otherOutput.push(`${type ?? 'untyped part'} at ${at}`);
      return true;
  }
}

/**
 * A `tool-call` part as a call. A valid call's `input` is the value the AI SDK parsed and its
 * schema validated (and may have transformed); an invalid one (`invalid: true`) keeps the text
 * the model wrote in its error's `toolInput` (`InvalidToolInputError`: unparseable or
 * schema-violating), or its parsed `input` (`NoSuchToolError`: an unknown tool), and that is
 * what is judged, so the verdict says why on its own terms.
 */
function callOf(part: Json, at: string, prefix: string, notes: string[]): ToolCall {
  const name = asText(part.toolName) ?? '';
  if (name === '') notes.push(`${prefix}${at} has no toolName; read as a call with no name`);
  const call: ToolCall = {
    name,
    callId: asText(part.toolCallId) ?? null,
    kind: 'function',
    arguments: { form: 'missing', reason: 'the input field is absent' },
    unfinished: false,
    at,
  };
  const error = recordOf(part.error);
  const written = asText(error?.toolInput);
  if (part.invalid === true) notes.push(invalidNote(part.error, `${prefix}${at}`));
  if (part.invalid === true && written !== undefined) {
    call.arguments = { form: 'json-text', text: written };
  } else if (typeof part.input === 'string' && part.invalid === true) {
    // The AI SDK keeps the text as it came when it did not parse.
    call.arguments = { form: 'json-text', text: part.input };
  } else if (Object.hasOwn(part, 'input') && part.input !== undefined) {
    call.arguments = { form: 'object', value: part.input };
  }
  return call;
}

/** What the AI SDK said about a call it marked invalid, named by its error. */
function invalidNote(raw: unknown, at: string): string {
  const error = recordOf(raw);
  const name = asText(error?.name) ?? 'an error';
  // An Error's message is its own field, though not an enumerable one.
  const message =
    typeof raw === 'object' && raw !== null && Object.hasOwn(raw, 'message')
      ? asText((raw as { message?: unknown }).message)
      : asText(error?.message);
  // Its first line: a validation error goes on with the validator's own report, line by line.
  const line = message?.split('\n')[0]?.trim();
  const said = line
    ? `: ${line.length > ERROR_PREVIEW ? `${line.slice(0, ERROR_PREVIEW)}…` : line}`
    : '';
  return `${at} is a call the AI SDK marked invalid (${name}${said}); judged here from what the model wrote`;
}
