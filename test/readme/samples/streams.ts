/**
 * The README's Streams sample, run as written when samples.test.ts imports this module, on a
 * recorded Chat stream cut mid-arguments (stream-input.ts). Its `expect` throws, as it says.
 */
import { expect } from 'vitest';
import * as input from './stream-input.js';

const { request, sseText, body } = input;

// --- README: Streams ---
import { diagnoseCalls, reassembleStream, reassembleStreamAsync } from 'tool-call-health';

const stream = reassembleStream(sseText); // raw SSE text, or the events / chunks an SDK yields
const fromNetwork = await reassembleStreamAsync(body); // a ReadableStream or async iterable
stream.state; // 'complete'; 'cut' when the terminal event never came; 'error' for an error body
stream.openCalls; // calls still arriving, e.g. ['choices[0].message.tool_calls[0]']
diagnoseCalls({ request, response: stream }); // an open call: arguments-truncated, or turn-cut once its JSON is whole
expect(stream).toNotBeTruncated(); // fails: stream-cut

// --- end ---

export { fromNetwork };
