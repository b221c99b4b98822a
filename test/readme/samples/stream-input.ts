/**
 * A recorded Chat Completions stream cut mid-arguments, as the Streams sample's `sseText`, with
 * its `request`, and as `body`: the same text arriving in chunks, which notes when it was read
 * to the end (the sample's module throws before the test could see its variables).
 */
import { fileURLToPath } from 'node:url';
import { readHar } from '../../../src/har/index.js';

const [recorded] = readHar(
  fileURLToPath(
    new URL('../../../fixtures/streams/openai-chat-cut-mid-arguments.har', import.meta.url),
  ),
);
if (!recorded) throw new Error('the recording of a cut Chat stream is missing');

export const request = recorded.request.body;
export const sseText = recorded.response.text;
export const arrival = { chunks: 0, finished: false };

async function* arriving(): AsyncGenerator<Uint8Array> {
  const bytes = new TextEncoder().encode(sseText);
  for (let at = 0; at < bytes.length; at += 64) {
    arrival.chunks += 1;
    yield bytes.subarray(at, at + 64);
  }
  arrival.finished = true;
}

export const body = arriving();
