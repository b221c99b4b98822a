// Spans against provider bodies: the shipped Chat Completions exchanges' calls, read and
// diagnosed once as the exchanges themselves and once as the GenAI-convention spans an
// instrumentation writes for them (attribute maps, the form backends' APIs give). Reading a
// span must cost no more than reading the body it records.
import { diagnoseCalls } from '../dist/index.js';
import { templates } from './audit.mjs';
import { compare, discard, row } from './lib.mjs';

/** The span an instrumentation writes for one Chat exchange, as an attribute map. */
function spanOf({ request, response }, index) {
  const choice = response.choices[0];
  const calls = choice.message.tool_calls ?? [];
  const attributes = {
    'gen_ai.operation.name': 'chat',
    'gen_ai.provider.name': 'openai',
    'gen_ai.request.model': request.model,
    'gen_ai.response.model': response.model,
    'gen_ai.output.messages': JSON.stringify([
      {
        role: 'assistant',
        parts: calls.map((call) => ({
          type: 'tool_call',
          id: call.id,
          name: call.function?.name ?? call.custom?.name,
          arguments: call.function?.arguments ?? call.custom?.input,
        })),
        finish_reason: choice.finish_reason,
      },
    ]),
    'gen_ai.tool.definitions': JSON.stringify(
      (request.tools ?? []).map((tool) => ({
        type: 'function',
        name: tool.function?.name,
        parameters: tool.function?.parameters,
      })),
    ),
    'gen_ai.usage.output_tokens': response.usage?.completion_tokens,
  };
  const ceiling = request.max_completion_tokens ?? request.max_tokens;
  if (ceiling !== undefined) attributes['gen_ai.request.max_tokens'] = ceiling;
  return {
    name: `chat ${request.model}`,
    context: { trace_id: `0x${'ab'.repeat(16)}`, span_id: `0x${String(index).padStart(16, '0')}` },
    attributes,
  };
}

export async function benchTraces(log) {
  const exchanges = templates()
    .map((line) => JSON.parse(line))
    // Function calls only: a span records a custom tool's free-text input as arguments, with
    // nothing to say the tool takes text, so those differ by design (the README says so).
    .filter(
      ({ request, response }) =>
        Array.isArray(request?.messages) &&
        response?.choices?.[0]?.message?.tool_calls?.length > 0 &&
        response.choices[0].message.tool_calls.every((call) => call.type === 'function'),
    );
  const spans = exchanges.map(spanOf);
  // The same calls, the same verdicts: or the two sides are not doing the same work.
  const states = (verdicts) =>
    verdicts.map((verdict) => `${verdict.name} ${verdict.state}`).join(', ');
  for (const [index, exchange] of exchanges.entries()) {
    const fromBody = states(diagnoseCalls(exchange));
    const fromSpan = states(diagnoseCalls(spans[index]));
    if (
      fromBody.replaceAll('dispatchable-unconstrained', 'dispatchable') !==
      fromSpan.replaceAll('dispatchable-unconstrained', 'dispatchable')
    ) {
      throw new Error(`bench: exchange ${index} reads as ${fromBody}, its span as ${fromSpan}`);
    }
  }
  // Text, as a file holds them: each side parsed and diagnosed, as audit does with each line.
  const bodyTexts = exchanges.map((exchange) => JSON.stringify(exchange));
  const spanTexts = spans.map((span) => JSON.stringify(span));
  const bodies = () => {
    for (const text of bodyTexts) discard(diagnoseCalls(JSON.parse(text)));
  };
  const traced = () => {
    for (const text of spanTexts) discard(diagnoseCalls(JSON.parse(text)));
  };
  const { baselineNs, contenders } = await compare(bodies, [traced], { rounds: 5 });
  const result = row(
    'traces',
    `diagnoseCalls on spans / on the provider bodies they record (${exchanges.length} Chat exchanges, ${exchanges.reduce((sum, { response }) => sum + response.choices[0].message.tool_calls.length, 0)} calls)`,
    {
      value: contenders[0].ratio,
      target: 1,
      oursNs: contenders[0].ns,
      baselineNs,
    },
  );
  log(result);
  return { rows: [result] };
}
