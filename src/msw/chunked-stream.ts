/**
 * Replaying a recorded body the way the network delivered it: in pieces, over time. The pieces
 * come from `bodyChunks` (src/har/sse.ts); this is the edge that touches timers.
 */

/**
 * A byte stream that delivers `chunks` one per read, waiting `delayMs` before each chunk after
 * the first. A cancelled read (the client gave up) stops it.
 *
 * @example
 * new Response(chunkedStream(bodyChunks(sseText), 5), { headers: { 'content-type': 'text/event-stream' } });
 */
export function chunkedStream(
  chunks: readonly Uint8Array[],
  delayMs = 0,
): ReadableStream<Uint8Array> {
  let next = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (next > 0 && delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      const chunk = chunks[next];
      next += 1;
      if (chunk === undefined) {
        controller.close();
        return;
      }
      controller.enqueue(chunk);
      if (next === chunks.length) controller.close();
    },
  });
}
