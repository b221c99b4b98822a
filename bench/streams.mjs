// Reassembling a 1 MB Chat Completions tool-call stream, against concatenating it and parsing once.
import { reassembleStream, reassembleStreamAsync } from '../dist/index.js';
import { compare, discard, row, seededRandom } from './lib.mjs';

const STREAM_BYTES = 1024 ** 2;
const CHUNK_SIZES = [1, 16, 4096];

function chunkEvent(delta, finishReason = null) {
  const chunk = {
    id: 'chatcmpl-stream',
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model: 'gpt-4.1',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
  return `data: ${JSON.stringify(chunk)}\n\n`;
}

function argumentsDocument(rows) {
  const lines = [];
  for (let i = 0; i < rows; i++) {
    lines.push({ sku: `SKU-${i}`, quantity: (i % 9) + 1, note: 'boxed, with "fitting" notes' });
  }
  return JSON.stringify({ order_id: 'A-1001', lines });
}

/** SSE text of one call whose arguments arrive as token-sized deltas (1 to 12 characters). */
function streamText(rows) {
  const random = seededRandom(5);
  const args = argumentsDocument(rows);
  const call = { index: 0, id: 'call_1', type: 'function' };
  const events = [
    chunkEvent({
      role: 'assistant',
      content: null,
      tool_calls: [{ ...call, function: { name: 'file_order', arguments: '' } }],
    }),
  ];
  for (let at = 0; at < args.length; ) {
    const piece = args.slice(at, at + 1 + random.int(12));
    at += piece.length;
    events.push(chunkEvent({ tool_calls: [{ index: 0, function: { arguments: piece } }] }));
  }
  events.push(chunkEvent({}, 'tool_calls'), 'data: [DONE]\n\n');
  return { text: events.join(''), args };
}

/** Grows the arguments until the whole stream is about `bytes` long. */
export function streamOf(bytes) {
  const probe = streamText(100);
  const rows = Math.round((100 * bytes) / probe.text.length);
  return streamText(rows);
}

/** What a user writes by hand: split the events, parse each, join the deltas, parse once. */
export function parseOnce(text) {
  let args = '';
  let finishReason = null;
  for (const line of text.split('\n')) {
    if (!line.startsWith('data: ')) continue;
    const data = line.slice(6);
    if (data === '[DONE]') break;
    const choice = JSON.parse(data).choices[0];
    const piece = choice.delta.tool_calls?.[0]?.function?.arguments;
    if (piece) args += piece;
    finishReason = choice.finish_reason ?? finishReason;
  }
  return { finishReason, args: JSON.parse(args) };
}

export async function concatenateAndParse(source) {
  const parts = [];
  for await (const chunk of source) parts.push(chunk);
  return parseOnce(Buffer.concat(parts).toString('utf8'));
}

export function chunksOf(bytes, size) {
  const chunks = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return chunks;
}

export async function* deliver(chunks) {
  for (const chunk of chunks) yield chunk;
}

function check(result, args) {
  const call = result.response.choices[0].message.tool_calls[0];
  if (result.state !== 'complete' || call.function.arguments !== args) {
    throw new Error('bench: the stream was not reassembled whole');
  }
}

export async function benchStreams(log) {
  const { text, args } = streamOf(STREAM_BYTES);
  const bytes = Buffer.from(text);
  check(reassembleStream(text), args);
  const rows = [];
  const whole = await compare(
    () => discard(parseOnce(text)),
    [() => discard(reassembleStream(text))],
    { budgetMs: 300, minSamples: 5, warmupMs: 200 },
  );
  rows.push(
    row('streams, 1 MB', 'reassembleStream, whole text', {
      value: whole.contenders[0].ratio,
      target: 1.5,
      oursNs: whole.contenders[0].ns,
      baselineNs: whole.baselineNs,
      baseline: 'split events + JSON.parse each + join deltas + JSON.parse once',
      bytes: bytes.length,
    }),
  );
  log(rows.at(-1));
  for (const size of CHUNK_SIZES) {
    const chunks = chunksOf(bytes, size);
    check(await reassembleStreamAsync(deliver(chunks)), args);
    const options =
      size === 1
        ? { budgetMs: 1500, minSamples: 2, warmupMs: 1000, rounds: 3 }
        : { budgetMs: 400, minSamples: 5, warmupMs: 300 };
    const { baselineNs, contenders } = await compare(
      () => concatenateAndParse(deliver(chunks)),
      [() => reassembleStreamAsync(deliver(chunks))],
      options,
    );
    rows.push(
      row('streams, 1 MB', `reassembleStreamAsync, ${size}-byte chunks`, {
        value: contenders[0].ratio,
        target: 1.5,
        oursNs: contenders[0].ns,
        baselineNs,
        baseline: 'for await + Buffer.concat, then the same parse once',
        bytes: bytes.length,
        chunks: chunks.length,
      }),
    );
    log(rows.at(-1));
  }
  return rows;
}
