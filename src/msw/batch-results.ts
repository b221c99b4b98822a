import { type HttpHandler, http } from 'msw';
import { recordOf } from '../model/narrow.js';
import { jsonResponse } from './responses.js';

/**
 * Anthropic Message Batch results by batch id: each value is the list of result-line objects
 * (`{ custom_id, result }`), or the JSONL text itself (sent as it is, malformed lines included).
 */
export type BatchResultMap =
  | Readonly<Record<string, readonly unknown[] | string>>
  | ReadonlyMap<string, readonly unknown[] | string>;

// Behind any base path; the batch path, then its results.
const BATCH_PATH = /\/v1\/messages\/batches\/([^/]+)(\/results)?$/;

// Fixed, so a snapshot of a retrieved batch never changes.
const CREATED_AT = '2025-01-01T00:00:00Z';
const ENDED_AT = '2025-01-01T00:05:00Z';
const EXPIRES_AT = '2025-01-02T00:00:00Z';

/**
 * Handlers for Anthropic's Message Batch results, enough for `client.messages.batches.results(id)`:
 * - `GET /v1/messages/batches/{id}`: an ended `message_batch` (the SDK reads `results_url` from it
 *   first) with request counts taken from the lines and fixed timestamps;
 * - `GET /v1/messages/batches/{id}/results`: the lines as JSONL, `content-type: application/x-jsonl`,
 *   as the API sends them;
 * - an unknown id: 404 with Anthropic's error body
 *   `{ type: 'error', error: { type: 'not_found_error', message }, request_id }`,
 *   which the SDK throws as `NotFoundError`.
 *
 * @example
 * server.use(...batchResults({ msgbatch_01: [{ custom_id: 'a', result: { type: 'succeeded', message } }] }));
 * for await (const line of await client.messages.batches.results('msgbatch_01')) diagnoseCalls(line);
 */
export function batchResults(batches: BatchResultMap): HttpHandler[] {
  const stored = new Map<string, string>();
  for (const [id, lines] of batches instanceof Map ? batches : Object.entries(batches)) {
    stored.set(id, typeof lines === 'string' ? lines : toJsonl(lines));
  }
  return [
    // Registered on the batch paths only, so other requests stay with your unhandled policy.
    http.get(BATCH_PATH, ({ request }) => {
      const url = new URL(request.url);
      const found = BATCH_PATH.exec(url.pathname);
      if (found?.[1] === undefined) return undefined;
      const id = decodeURIComponent(found[1]);
      const jsonl = stored.get(id);
      if (jsonl === undefined) return notFound(id, [...stored.keys()]);
      if (found[2] !== undefined) {
        return new Response(jsonl, {
          headers: {
            'content-type': 'application/x-jsonl',
            'content-disposition': `attachment; filename*=utf-8''${id}_results.jsonl`,
          },
        });
      }
      return jsonResponse(
        endedBatch(id, jsonl, `${url.origin}${url.pathname.replace(/\/$/, '')}/results`),
      );
    }),
  ];
}

/**
 * One line per result, each `JSON.stringify`d, newline-terminated as the API sends them.
 *
 * @example
 * toJsonl([{ custom_id: 'a' }, { custom_id: 'b' }]); // '{"custom_id":"a"}\n{"custom_id":"b"}\n'
 */
export function toJsonl(lines: readonly unknown[]): string {
  return lines.map((line) => `${JSON.stringify(line)}\n`).join('');
}

/** A `message_batch` object as the API returns one that has ended. */
function endedBatch(id: string, jsonl: string, resultsUrl: string) {
  const counts: Record<string, number> = {
    processing: 0,
    succeeded: 0,
    errored: 0,
    canceled: 0,
    expired: 0,
  };
  for (const line of jsonl.split('\n')) {
    const type = resultType(line);
    if (typeof type === 'string' && Object.hasOwn(counts, type))
      counts[type] = (counts[type] ?? 0) + 1;
  }
  return {
    id,
    type: 'message_batch',
    processing_status: 'ended',
    request_counts: counts,
    ended_at: ENDED_AT,
    created_at: CREATED_AT,
    expires_at: EXPIRES_AT,
    archived_at: null,
    cancel_initiated_at: null,
    results_url: resultsUrl,
  };
}

function resultType(line: string): unknown {
  if (line.trim() === '') return undefined;
  try {
    return recordOf(recordOf(JSON.parse(line))?.result)?.type;
  } catch {
    return undefined;
  }
}

function notFound(id: string, known: readonly string[]): Response {
  const holds = known.length === 0 ? 'none' : known.slice(0, 5).join(', ');
  return jsonResponse(
    {
      type: 'error',
      error: {
        type: 'not_found_error',
        message: `No message batch with id '${id}' (batchResults() holds: ${holds}).`,
      },
      request_id: 'req_011CToolCallHealthMock',
    },
    404,
  );
}
