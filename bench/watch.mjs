// watchArguments against the resumable scanner alone, on the same argument deltas: what judging
// a call against its schema while it streams costs beyond telling whether it is still JSON.
import { JsonScanner } from '../build/json/scanner.js';
import { watchArguments } from '../build/schema/watch/watch-arguments.js';
import { compare, discard, formatBytes, row } from './lib.mjs';

/** An order's rows: keys a closed object declares, a bounded string, an enum, numbers. */
const ORDER_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['rows'],
  properties: {
    customer_id: { type: 'string', maxLength: 40 },
    rows: {
      type: 'array',
      maxItems: 10_000,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['sku', 'qty'],
        properties: {
          sku: { type: 'string', maxLength: 40 },
          qty: { type: 'integer', minimum: 1, maximum: 1000 },
          unit: { enum: ['each', 'box', 'pallet'] },
          note: { type: 'string' },
          price: { type: 'number', minimum: 0 },
        },
      },
    },
  },
};

function orderOf(rows) {
  return JSON.stringify({
    customer_id: 'cus_8f2a61',
    rows: Array.from({ length: rows }, (_, index) => ({
      sku: `SKU-${index}-ABCDEFG`,
      qty: (index % 100) + 1,
      unit: ['each', 'box', 'pallet'][index % 3],
      note: 'left at the loading dock, signed for by the night shift',
      price: index * 1.25,
    })),
  });
}

/** Pieces of 20 characters, about what a model's argument deltas carry. */
function deltas(text) {
  const pieces = [];
  for (let at = 0; at < text.length; at += 20) pieces.push(text.slice(at, at + 20));
  return pieces;
}

export async function benchWatch(log) {
  const rows = [];
  for (const count of [2, 200]) {
    const text = orderOf(count);
    const pieces = deltas(text);
    const scanned = () => {
      const scanner = new JsonScanner();
      for (const piece of pieces) discard(scanner.push(piece).state);
      return scanner.state;
    };
    const watched = () => {
      const watcher = watchArguments(ORDER_SCHEMA);
      let verdict;
      for (const piece of pieces) verdict = watcher.write(piece);
      return verdict.state;
    };
    const ended = () => {
      const watcher = watchArguments(ORDER_SCHEMA);
      for (const piece of pieces) watcher.write(piece);
      return watcher.end().state;
    };
    if (watched() !== 'feasible' || ended() !== 'valid')
      throw new Error('bench: the order is not valid');
    const { baselineNs, contenders } = await compare(scanned, [watched, ended], { rounds: 5 });
    const size = `${formatBytes(Buffer.byteLength(text))} in ${pieces.length} pieces`;
    for (const [index, name] of ['every write', 'every write and end()'].entries()) {
      const { ns, ratio } = contenders[index];
      const result = row('watch', `watchArguments, ${name} / JsonScanner alone (${size})`, {
        value: ratio,
        target: index === 0 ? 1.5 : undefined,
        oursNs: ns,
        baselineNs,
      });
      rows.push(result);
      log(result);
    }
  }
  return { rows };
}
