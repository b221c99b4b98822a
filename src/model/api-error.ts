/**
 * An API error body: what a provider sends instead of a model answer (HTTP 4xx/5xx, or the same
 * body on a streaming URL). Every provider read here nests it under `error`:
 *
 * - OpenAI (Responses and Chat): `{"error": {"message", "type", "param", "code"}}`;
 * - Anthropic: `{"type": "error", "error": {"type", "message"}, "request_id"}`;
 * - Gemini: `{"error": {"code": 429, "message", "status": "RESOURCE_EXHAUSTED", "details"}}`,
 *   on `streamGenerateContent` wrapped in a one-element array.
 *
 * AWS (Bedrock) does not nest it: its body is `{"message"}` alone, the error's type travelling
 * in the `x-amzn-ErrorType` header (some AWS JSON services add `__type` to the body).
 */

import { asText, type Json, recordOf } from './narrow.js';

/**
 * An error as a provider states it: its name for the error, the HTTP status when the body
 * states one, and its message.
 *
 * @example
 * const error: ApiError = { type: 'RESOURCE_EXHAUSTED', code: null, status: 429, message: 'Quota exceeded.' };
 */
export interface ApiError {
  /** `error.type` (OpenAI, Anthropic), else a text `error.code`, else `error.status` (Gemini). */
  type: string;
  /**
   * `error.code` where it is text: OpenAI's own name for the error (`rate_limit_exceeded`, where
   * `type` says only `requests`); `null` where there is none (Gemini's code is the HTTP status).
   */
  code: string | null;
  /** The HTTP status the body states (Gemini's numeric `error.code`); `null` when it states none. */
  status: number | null;
  message: string;
}

/** Top-level fields a provider sends beside `error` in an error body. */
const BESIDE_ERROR = new Set(['error', 'type', 'request_id']);

/**
 * The error a body is, or `null` when it is no error body: `error` must be an object that says
 * something (a message, a type, a code or a status), and the body may hold beside it only
 * Anthropic's `type: "error"` and `request_id`, and one field of a proxy's own. A one-element
 * array holding an error body (Gemini on `streamGenerateContent`) is that error.
 *
 * @example
 * apiErrorOf({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' }, request_id: 'req_1' });
 * // { type: 'overloaded_error', code: null, status: null, message: 'Overloaded' }
 */
export function apiErrorOf(value: unknown): ApiError | null {
  const body = recordOf(Array.isArray(value) && value.length === 1 ? value[0] : value);
  if (body === undefined) return null;
  const bare = bareMessageError(body);
  if (bare !== null) return bare;
  const error = recordOf(body.error);
  if (error === undefined) return null;
  if (Object.hasOwn(body, 'type') && body.type !== 'error') return null;
  let others = 0;
  for (const key of Object.keys(body)) if (!BESIDE_ERROR.has(key)) others++;
  if (others > 1) return null;
  const read = errorFields(error);
  return read.type === '' && read.status === null && read.message === '' ? null : read;
}

/** Keys an AWS error body holds: its message, and sometimes `__type` (`Message` from older services). */
const AWS_ERROR_KEYS = new Set(['message', 'Message', '__type']);

/**
 * An AWS error body, `{"message": "..."}` alone (Bedrock's; the type is in the `x-amzn-ErrorType`
 * header, so it is named only when the body carries `__type`), or `null` for any other body.
 *
 * @example
 * bareMessageError({ message: 'The provided model identifier is invalid.' });
 * // { type: '', code: null, status: null, message: 'The provided model identifier is invalid.' }
 */
export function bareMessageError(body: Json): ApiError | null {
  const message = asText(body.message) ?? asText(body.Message);
  if (message === undefined) return null;
  for (const key of Object.keys(body)) if (!AWS_ERROR_KEYS.has(key)) return null;
  // `__type` may carry a namespace: `com.amazon.coral.validate#ValidationException`.
  const type = asText(body.__type)?.split('#').pop() ?? '';
  return { type, code: null, status: null, message };
}

/**
 * The fields of an `error` object, whichever provider wrote it; `type` is `''` when it names
 * none. Stream error events are read with it too.
 *
 * @example
 * errorFields({ code: 503, message: 'The model is overloaded.', status: 'UNAVAILABLE' });
 * // { type: 'UNAVAILABLE', code: null, status: 503, message: 'The model is overloaded.' }
 */
export function errorFields(error: Json): ApiError {
  const code = error.code;
  const status = httpStatus(code) ?? httpStatus(error.status);
  return {
    type: asText(error.type) ?? asText(code) ?? asText(error.status) ?? '',
    code: asText(code) ?? null,
    status,
    message: asText(error.message) ?? '',
  };
}

/**
 * How a message names an error, in brackets after "an API error": the HTTP status and the
 * provider's most specific name for it (its text `code`, else its `type`); `''` when the body
 * names neither (Bedrock's `{message}` alone).
 *
 * @example
 * errorLabel({ type: 'RESOURCE_EXHAUSTED', status: 429 }); // ' (429 RESOURCE_EXHAUSTED)'
 * errorLabel({ type: 'requests', code: 'rate_limit_exceeded', status: null }); // ' (rate_limit_exceeded)'
 * errorLabel({ type: '', status: null }); // ''
 */
export function errorLabel(error: {
  type: string;
  code?: string | null;
  status?: number | null;
}): string {
  const status = error.status ?? null;
  const name = error.code ?? error.type;
  if (status === null) return name ? ` (${name})` : '';
  return name && name !== String(status) ? ` (${status} ${name})` : ` (${status})`;
}

function httpStatus(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 100 && value <= 599
    ? value
    : null;
}
