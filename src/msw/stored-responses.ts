import { type HttpHandler, http } from 'msw';
import { jsonResponse } from './responses.js';

/** Stored OpenAI Responses objects by id: a plain object or a Map. */
export type StoredResponseMap = Readonly<Record<string, unknown>> | ReadonlyMap<string, unknown>;

// Behind any base path, like recordedHandlers; `/input_items` and other sub-resources are not ours.
const RETRIEVE_PATH = /\/v1\/responses\/([^/]+)$/;

/**
 * A handler for OpenAI's `GET /v1/responses/{id}` (`client.responses.retrieve(id)`), answering
 * like the API: the stored Responses object with 200, or for an unknown id a 404 with the API's
 * error body, which the SDK throws as `NotFoundError`:
 * `{ error: { message: "No response found with id 'resp_…'.", type: 'invalid_request_error', param: null, code: null } }`.
 * A stored value that is a string is sent as it is (the raw JSON text of a recorded response).
 * Any host and base path work; the query string (`include[]`, ...) is ignored.
 *
 * @example
 * server.use(...storedResponses({ resp_68af40: responseObject }));
 * await client.responses.retrieve('resp_68af40');
 */
export function storedResponses(responses: StoredResponseMap): HttpHandler[] {
  const stored = responses instanceof Map ? new Map(responses) : new Map(Object.entries(responses));
  return [
    // Registered on the retrieve path only, so other requests stay with your unhandled policy.
    http.get(RETRIEVE_PATH, ({ request }) => {
      const found = RETRIEVE_PATH.exec(new URL(request.url).pathname)?.[1];
      if (found === undefined) return undefined;
      const id = decodeURIComponent(found);
      if (!stored.has(id)) {
        return jsonResponse(
          {
            error: {
              message: `No response found with id '${id}'.`,
              type: 'invalid_request_error',
              param: null,
              code: null,
            },
          },
          404,
        );
      }
      return jsonResponse(stored.get(id));
    }),
  ];
}
