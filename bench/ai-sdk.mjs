// The Vercel AI SDK: what reading a generateText result costs next to reading the provider
// bodies its step keeps. The result is made by the real `ai` and @ai-sdk/openai, whose fetch is
// answered with a recorded Responses API body (fixtures/openai-responses/strict-void-fanout.har,
// three calls to strict tools), so the step holds what the provider sent: `request.body` and
// `response.body`. The baseline is the exchange { request, response } of those same bodies.
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, jsonSchema, tool } from 'ai';
import { readHar } from '../dist/har/index.js';
import { diagnoseCalls, readTurn } from '../dist/index.js';
import { compare, discard, row } from './lib.mjs';

const FIXTURE = new URL('../fixtures/openai-responses/strict-void-fanout.har', import.meta.url)
  .pathname;

/** A generateText result over the recording, with the tools the recording declared. */
async function recordedResult() {
  const [exchange] = readHar(FIXTURE);
  const request = exchange.request.body;
  const openai = createOpenAI({
    apiKey: 'bench-key-not-real',
    fetch: async () =>
      new Response(exchange.response.text, {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  });
  const tools = Object.fromEntries(
    request.tools.map((declared) => [
      declared.name,
      tool({
        inputSchema: jsonSchema(declared.parameters),
        ...(typeof declared.strict === 'boolean' ? { strict: declared.strict } : {}),
      }),
    ]),
  );
  return generateText({ model: openai.responses(request.model), tools, prompt: 'bench' });
}

const BASELINE = "the step's own request and response bodies, as an exchange { request, response }";

export async function benchAiSdk(log) {
  const result = await recordedResult();
  const [step] = result.steps;
  const bodies = { request: step.request.body, response: step.response.body };
  const states = (input) => JSON.stringify(diagnoseCalls(input).map((verdict) => verdict.state));
  if (states(result) !== states(bodies) || !readTurn(result).ok) {
    throw new Error(`bench: the result should read as its bodies, got ${states(result)}`);
  }
  const bytes = JSON.stringify(bodies).length;
  const rows = [];
  for (const [name, run] of [
    ['readTurn', readTurn],
    ['diagnoseCalls', diagnoseCalls],
  ]) {
    const { baselineNs, contenders } = await compare(
      () => discard(run(bodies)),
      [() => discard(run(result))],
    );
    const [ours] = contenders;
    rows.push(
      row('AI SDK, per result', `${name}: a generateText result, 3 calls`, {
        value: ours.ratio,
        // "No more than the raw bodies": 1.1x leaves room for this shared machine's noise, as
        // the surfaces rows do.
        target: 1.1,
        oursNs: ours.ns,
        baselineNs,
        baseline: BASELINE,
        bytes,
      }),
    );
    log(rows.at(-1));
  }
  return rows;
}
