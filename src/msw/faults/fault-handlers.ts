/**
 * msw handlers that answer an agent's real provider request with a response carrying one
 * fault. The HTTP edge only: routes, the request's body and stream wish, the provider's error
 * shape, the streamed delivery. What is written is src/faults/'s, which the arbitraries share.
 */
import { type HttpHandler, http } from 'msw';
import { checkFaultOptions } from '../../faults/faults.js';
import { type FaultErrorCode, writeFault } from '../../faults/write.js';
import { bodyChunks } from '../../har/sse.js';
import type { DeprecatedFault, Fault } from '../../model/fault-names.js';
import type { WireSurfaceId } from '../../model/model.js';
import { SURFACE_IDS } from '../../registry/index.js';
import { libraryMessage } from '../../text/library-message.js';
import { writerFor } from '../../writers/index.js';
import { chunkedStream } from '../chunked-stream.js';
import { jsonResponse } from '../responses.js';

/**
 * Options for {@link faultHandlers}.
 *
 * @example
 * ```ts
 * const options: FaultHandlersOptions = { fault: ['arguments-truncated', 'stream-cut'], seed: 42, tool: 'lookup_order' };
 * ```
 */
export interface FaultHandlersOptions {
  /**
   * The fault every answer carries, or several: each request then gets one of them, chosen by
   * the seed among those its surface and body can carry.
   * (A deprecated name, `duplicate-calls`, is read as the fault it names.)
   */
  fault: Fault | DeprecatedFault | readonly (Fault | DeprecatedFault)[];
  /**
   * Makes the answers deterministic (0 by default): the n-th request a set of handlers answers
   * draws from the seed and n, so the same seed gives the same answers in the same order.
   */
  seed?: number;
  /** The tool the calls target; by default one the seed picks among the request's tools. */
  tool?: string;
  /** Called once per answered request with what was written, or the error sent instead. */
  onFault?: (event: FaultEvent) => void;
  /** Milliseconds to wait between two chunks of a streamed answer (default 0). */
  chunkDelayMs?: number;
}

/**
 * What one request got from {@link faultHandlers}.
 *
 * @example
 * ```ts
 * const event: FaultEvent = { surface: 'openai-chat', streamed: false, fault: 'refused', tool: null, variant: 'refusal', error: null, request };
 * ```
 */
export interface FaultEvent {
  request: Request;
  surface: WireSurfaceId;
  streamed: boolean;
  /** The fault written; `null` when the request got an error instead. */
  fault: Fault | null;
  /** The tool the calls target, `null` for a turn with no call (a refusal, an empty answer). */
  tool: string | null;
  /** What exactly was written: the violation family and key, the unparseable form, the stop. */
  variant: string | null;
  /** The error's message when the request got a 400 instead of a fault. */
  error: string | null;
  /** Why, as a code: `no-tools`, `fault-not-expressible`, ... */
  errorCode?: FaultErrorCode;
}

/**
 * The response header naming the fault written, or `error: <code>` when a 400 was sent instead.
 *
 * @example
 * ```ts
 * const { response } = await client.chat.completions.create(body).withResponse();
 * response.headers.get(FAULT_HEADER); // 'arguments-truncated'
 * ```
 */
export const FAULT_HEADER = 'x-tool-call-health-fault';

/**
 * msw handlers that answer your agent's real requests (OpenAI Responses and Chat Completions,
 * Anthropic Messages, Gemini `generateContent` / `streamGenerateContent`, Bedrock Converse /
 * ConverseStream, behind any base URL) with a response carrying a fault: calls target the tools
 * the request declares, streamed in the provider's SSE or event-stream format when the request
 * asks for a stream (`stream: true`, `:streamGenerateContent`, `/converse-stream`). Each answer
 * is shaped like a recorded one and reads as its fault in this library's diagnoses
 * (`diagnoseCalls`, `diagnoseTruncation`, `diagnoseStrictGuarantee`).
 *
 * Requests the handlers cannot answer with the fault get a 400 in the provider's error shape,
 * so the SDK raises it (and does not retry it), its message starting `tool-call-health:` and
 * naming the problem: a body that is no provider request, a request declaring no function
 * tools, an `options.tool` it does not declare, schemas no arguments satisfy, or a fault the
 * surface or request cannot carry (`stream-cut` without a stream, `strict-void` outside OpenAI,
 * `refused` on Gemini, `ceiling-unreported` with no ceiling set...). A healthy answer is never
 * sent in a fault's place. The response header `x-tool-call-health-fault` names the fault (or
 * the error code); `onFault` hears each. Nothing throws inside msw: bad options throw here, and
 * an error while answering (an `onFault` that throws) is a 400 coded `handler-failed`.
 *
 * @example
 * ```ts
 * import { setupServer } from 'msw/node';
 * import { faultHandlers } from 'tool-call-health/msw';
 *
 * const server = setupServer(...faultHandlers({ fault: 'arguments-truncated', seed: 1 }));
 * server.listen({ onUnhandledRequest: 'error' });
 * // client.chat.completions.create({ model, messages, tools }) now answers with a call cut mid-arguments
 * ```
 */
export function faultHandlers(options: FaultHandlersOptions): HttpHandler[] {
  const { faults, seed } = checkFaultOptions('faultHandlers', options);
  const fault = faults.length === 1 ? (faults[0] as Fault) : faults;
  let answered = 0;
  return SURFACE_IDS.map((surface) => {
    const { route } = writerFor(surface);
    return http.post(route.path, async ({ request }) => {
      const url = new URL(request.url);
      let streamed = false;
      try {
        const body = await parsedBody(request);
        streamed = route.streamed(url, body);
        const written = writeFault(
          { surface, streamed, body, sse: url.searchParams.get('alt') === 'sse' },
          { fault, seed, tool: options.tool, requestIndex: answered++ },
        );
        if (!written.ok) {
          const message = libraryMessage(`faultHandlers: ${written.problem}`);
          options.onFault?.({
            request,
            surface,
            streamed,
            fault: null,
            tool: null,
            variant: null,
            error: message,
            errorCode: written.code,
          });
          return errorResponse(surface, written.code, message);
        }
        options.onFault?.({
          request,
          surface,
          streamed,
          fault: written.fault,
          tool: written.tool,
          variant: written.variant,
          error: null,
        });
        const headers = { 'content-type': written.contentType, [FAULT_HEADER]: written.fault };
        if (!streamed) return new Response(written.body, { status: 200, headers });
        const chunks =
          written.contentType === 'application/json'
            ? [new TextEncoder().encode(written.body as string)]
            : bodyChunks(written.body);
        return new Response(chunkedStream(chunks, options.chunkDelayMs ?? 0), {
          status: 200,
          headers,
        });
      } catch (error) {
        // A bug here, or an onFault that throws, must not reach msw as a thrown error: the SDK
        // gets it as a 400 to raise.
        const message = libraryMessage(
          `faultHandlers failed on this ${surface} request: ${error instanceof Error ? error.message : String(error)}`,
        );
        // onFault is not told: it may be what threw.
        return errorResponse(surface, 'handler-failed', message);
      }
    });
  });
}

async function parsedBody(request: Request): Promise<unknown> {
  const text = await request.clone().text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A 400 in the provider's own error shape, so its SDK raises it with the message. */
function errorResponse(surface: WireSurfaceId, code: string, message: string): Response {
  const error = writerFor(surface).error(code, message);
  const response = jsonResponse(error.body, error.status);
  for (const [name, value] of Object.entries(error.headers)) response.headers.set(name, value);
  response.headers.set(FAULT_HEADER, `error: ${code}`);
  return response;
}
