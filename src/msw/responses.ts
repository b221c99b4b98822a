/**
 * Responses are plain fetch `Response`s: msw 2 and 3 both accept them from a resolver, and their
 * types do not depend on msw's generics, which changed between the two.
 */

/**
 * A JSON response; a string body is sent as it is (it already is JSON text).
 *
 * @example
 * jsonResponse({ error: { message: 'Not found' } }, 404);
 */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}
