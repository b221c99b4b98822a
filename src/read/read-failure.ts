/**
 * Why a payload could not be read, worded once: what was found, whether it is the input itself
 * (a matcher's `Received:` line) or a part of it, and the list of accepted inputs where it helps.
 */
import { type ApiError, apiErrorOf, errorLabel } from '../model/api-error.js';
import type { Turn } from '../model/model.js';
import { asText, recordOf } from '../model/narrow.js';
import { describeValue } from '../text/describe-value.js';
import { endsSentence } from '../text/sentence.js';

/** A read payload, or why it could not be read: reading never throws on data. */
export type ReadResult =
  | { ok: true; turn: Turn }
  | {
      ok: false;
      /** Why, in full: what was found and, where it helps, the inputs that are accepted. */
      problem: string;
      /**
       * What was found, without the list of accepted inputs: for a caller that says what it
       * accepts in its own words (a matcher, the CLI), so that no message lists them twice.
       */
      found: string;
      /**
       * What the input is, when the finding is about the input itself (`found` is then
       * `got <received>`): for a caller that shows the received value on a line of its own.
       */
      received?: string;
      /** Set when the input is a provider's error body: the provider answered with no turn. */
      apiError?: true;
    };

export type ReadFailure = Extract<ReadResult, { ok: false }>;

/** What was found: a sentence, or a {@link finding} that may be about the input itself. */
export type Finding = Pick<ReadFailure, 'found' | 'received'>;

/** The subject of a finding about the input itself: `got a string, which is not JSON`. */
export const THE_INPUT = 'got';

/** What was found, said after its subject (`got`, or a part such as `the exchange's response is`). */
export function finding(what: string, rest: string): Finding {
  return what === THE_INPUT
    ? { found: `${THE_INPUT} ${rest}`, received: rest }
    : { found: `${what} ${rest}` };
}

/** A failure whose problem is what was found alone (a missing choice, a stream chunk), or more. */
export function failure(found: string | Finding, problem?: string): ReadFailure {
  const seen = typeof found === 'string' ? { found } : found;
  return { ok: false, problem: problem ?? seen.found, ...seen };
}

/** What every diagnosis accepts, said once so every error names the same list. */
export const ACCEPTED_INPUTS =
  'an OpenAI Responses response (output[]), a Chat Completions response (choices[]), ' +
  'an Anthropic message (content[]), an Anthropic batch results line (custom_id + result), ' +
  'a Gemini response (candidates[]), a Bedrock Converse response (output.message), ' +
  'a request body (tools), an exchange { request, response } (or { input, output }, { req, res }), ' +
  'an MCP exchange { tools, call } (or a tools/call request, or a tools/list result), ' +
  'a Vercel AI SDK generateText result (or its steps, or one step), ' +
  'an OpenAI Agents SDK run result (or its state), or a LangChain AIMessage';

export function unreadable(value: unknown, what = THE_INPUT): ReadFailure {
  // A provider's error body (HTTP 4xx/5xx) is a common thing to find in a folder of recordings.
  const error = apiErrorOf(value);
  if (error !== null) return apiErrorProblem(error, what);
  const body = recordOf(value);
  const object = asText(body?.object);
  if (object === 'chat.completion.chunk' || object === 'response.chunk') {
    return failure(
      finding(
        what,
        `one stream chunk (${object}); pass the whole response the stream assembles into`,
      ),
    );
  }
  if (object === 'text_completion') {
    const seen = finding(
      what,
      'a legacy Completions response (text_completion), which has no tool calls',
    );
    return failure(seen, `${seen.found}; expected ${ACCEPTED_INPUTS}`);
  }
  const seen = finding(what, describeValue(value));
  return failure(seen, `expected ${ACCEPTED_INPUTS}; ${seen.found}`);
}

/** Names an error body by its status and message: it is no model output. */
export function apiErrorProblem(
  error: Pick<ApiError, 'type' | 'message'> & { status?: number | null },
  what: string,
): ReadFailure {
  const message = error.message;
  const said = message ? `: ${message.length > 160 ? `${message.slice(0, 160)}…` : message}` : '';
  // The provider's message often ends its own sentence; a ";" after its period would double it.
  const next = endsSentence(said) ? ' It' : '; it';
  const seen = finding(
    what,
    `an API error response${errorLabel(error)}${said}${next} holds no model output`,
  );
  return { ...failure(seen, `${seen.found}. Expected ${ACCEPTED_INPUTS}`), apiError: true };
}
