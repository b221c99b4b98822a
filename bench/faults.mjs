// What fault injection costs per request: the answer faultHandlers writes for an agent request
// declaring 20 tools, on every surface, whole and streamed. Each call writes the next fault the
// surface can carry with the next request index, so the figure is one answer of any fault, the
// schema compiled once as the handlers' process would have it.
import { faultsFor } from '../build/faults/faults.js';
import { writeFault } from '../build/faults/write.js';
import { writerFor } from '../build/writers/index.js';
import { discard, median, row } from './lib.mjs';

const TARGET_NS = 500_000;

/** Twenty tools, each with a few typed, bounded, enumerated and formatted keys. */
function tools() {
  return Array.from({ length: 20 }, (_, index) => ({
    name: `tool_${index}`,
    description: `Tool number ${index}.`,
    strict: index % 2 === 0,
    parameters: {
      type: 'object',
      properties: {
        order_id: { type: 'string', pattern: '^A-[0-9]{4}$' },
        quantity: { type: 'integer', minimum: 1, maximum: 20 },
        currency: { type: 'string', enum: ['usd', 'eur', 'gbp'] },
        ship_on: { type: 'string', format: 'date' },
        gift: { type: 'boolean' },
        lines: {
          type: 'array',
          items: {
            type: 'object',
            properties: { sku: { type: 'string' }, qty: { type: 'integer', minimum: 1 } },
            required: ['sku', 'qty'],
            additionalProperties: false,
          },
          maxItems: 3,
        },
      },
      required: ['order_id', 'quantity', 'currency', 'ship_on', 'gift', 'lines'],
      additionalProperties: false,
    },
  }));
}

/** The request each surface's client sends for the tools, with a ceiling and a stream wish. */
function requestBody(surface, streamed) {
  const write = writerFor(surface);
  const { request } = write.exchange({
    system: 'You are the order-support agent.',
    prompt: 'Where is order A-1001?',
    tools: tools(),
    calls: [],
    ending: 'finished',
    parallel: undefined,
    ceiling: 1024,
    usage: { input: 1, output: 1, reasoning: 0 },
    ids: {
      response: 'r',
      calls: ['a', 'b', 'c', 'd'],
      items: ['1', '2', '3', '4'],
      suffix: 's',
      fingerprint: 'f',
    },
    preface: undefined,
    malformedMessage: '',
    created: 1_767_225_600,
  });
  const asks =
    surface === 'openai-responses' || surface === 'openai-chat' || surface === 'anthropic-messages';
  return streamed && asks ? { ...request, stream: true } : request;
}

export async function benchFaults() {
  const rows = [];
  for (const surface of [
    'openai-responses',
    'openai-chat',
    'anthropic-messages',
    'gemini',
    'bedrock-converse',
  ]) {
    for (const streamed of [false, true]) {
      const faults = faultsFor(surface, streamed);
      const request = { surface, streamed, body: requestBody(surface, streamed), sse: true };
      let index = 0;
      const once = () => {
        const fault = faults[index % faults.length];
        const written = writeFault(request, { fault, seed: 1, requestIndex: index });
        index += 1;
        if (!written.ok) throw new Error(`bench: ${fault} on ${surface}: ${written.message}`);
        return discard(written.body);
      };
      const ns = await median(once, { budgetMs: 150 });
      // The machine's pace at the same moment: parsing the request body the handler is sent.
      const text = JSON.stringify(request.body);
      const parseNs = await median(() => discard(JSON.parse(text)), { budgetMs: 50 });
      rows.push(
        row(
          'faults',
          `writeFault: a 20-tool ${surface} request, ${streamed ? 'streamed' : 'whole'}`,
          {
            value: ns,
            unit: 'ns',
            target: TARGET_NS,
            note: `one answer, cycling through the ${faults.length} faults it can carry; JSON.parse of the ${(text.length / 1024).toFixed(1)} kB request body ${(parseNs / 1000).toFixed(1)} µs`,
          },
        ),
      );
    }
  }
  return rows;
}
