/**
 * Hand-written SSE streams, one per surface, shaped like what each provider sends on the wire:
 * `event:` lines where the provider sends them, its own line endings, a keep-alive, and two tool
 * calls each, with non-ASCII text in the arguments so byte-level cuts land inside characters.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Chat Completions with `stream_options.include_usage`: two parallel calls, a usage chunk, [DONE]. */
export const CHAT_SSE = `data: {"id":"chatcmpl-7","object":"chat.completion.chunk","created":1767225600,"model":"gpt-4.1-2025-04-14","system_fingerprint":"fp_1","choices":[{"index":0,"delta":{"role":"assistant","content":null,"tool_calls":[{"index":0,"id":"call_weather","type":"function","function":{"name":"get_weather","arguments":""}}]},"logprobs":null,"finish_reason":null}],"usage":null}

data: {"id":"chatcmpl-7","object":"chat.completion.chunk","created":1767225600,"model":"gpt-4.1-2025-04-14","system_fingerprint":"fp_1","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\\"city\\": \\"Z"}}]},"logprobs":null,"finish_reason":null}],"usage":null}

data: {"id":"chatcmpl-7","object":"chat.completion.chunk","created":1767225600,"model":"gpt-4.1-2025-04-14","system_fingerprint":"fp_1","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"ürich 🌧\\"}"}}]},"logprobs":null,"finish_reason":null}],"usage":null}

: keep-alive

data: {"id":"chatcmpl-7","object":"chat.completion.chunk","created":1767225600,"model":"gpt-4.1-2025-04-14","system_fingerprint":"fp_1","choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"id":"call_time","type":"function","function":{"name":"get_time","arguments":""}}]},"logprobs":null,"finish_reason":null}],"usage":null}

data: {"id":"chatcmpl-7","object":"chat.completion.chunk","created":1767225600,"model":"gpt-4.1-2025-04-14","system_fingerprint":"fp_1","choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"function":{"arguments":"{\\"zone\\": \\"Europe/Zürich\\"}"}}]},"logprobs":null,"finish_reason":null}],"usage":null}

data: {"id":"chatcmpl-7","object":"chat.completion.chunk","created":1767225600,"model":"gpt-4.1-2025-04-14","system_fingerprint":"fp_1","choices":[{"index":0,"delta":{},"logprobs":null,"finish_reason":"tool_calls"}],"usage":null}

data: {"id":"chatcmpl-7","object":"chat.completion.chunk","created":1767225600,"model":"gpt-4.1-2025-04-14","system_fingerprint":"fp_1","choices":[],"usage":{"prompt_tokens":82,"completion_tokens":41,"total_tokens":123}}

data: [DONE]

`;

const RESPONSE_BASE =
  '"id":"resp_42","object":"response","created_at":1767225600,"model":"gpt-5-2025-08-07","parallel_tool_calls":true,"tools":[]';

/** Responses API: `event:` lines naming each type, a reasoning item, two function calls, the terminal body. */
export const RESPONSES_SSE = `event: response.created
data: {"type":"response.created","sequence_number":0,"response":{${RESPONSE_BASE},"status":"in_progress","output":[],"usage":null}}

event: response.in_progress
data: {"type":"response.in_progress","sequence_number":1,"response":{${RESPONSE_BASE},"status":"in_progress","output":[],"usage":null}}

event: response.output_item.added
data: {"type":"response.output_item.added","sequence_number":2,"output_index":0,"item":{"id":"rs_1","type":"reasoning","summary":[]}}

event: response.output_item.done
data: {"type":"response.output_item.done","sequence_number":3,"output_index":0,"item":{"id":"rs_1","type":"reasoning","summary":[]}}

event: response.output_item.added
data: {"type":"response.output_item.added","sequence_number":4,"output_index":1,"item":{"id":"fc_1","type":"function_call","status":"in_progress","arguments":"","call_id":"call_weather","name":"get_weather"}}

event: response.function_call_arguments.delta
data: {"type":"response.function_call_arguments.delta","sequence_number":5,"item_id":"fc_1","output_index":1,"delta":"{\\"city\\": \\"Z"}

event: response.function_call_arguments.delta
data: {"type":"response.function_call_arguments.delta","sequence_number":6,"item_id":"fc_1","output_index":1,"delta":"ürich 🌧\\"}"}

event: response.function_call_arguments.done
data: {"type":"response.function_call_arguments.done","sequence_number":7,"item_id":"fc_1","output_index":1,"arguments":"{\\"city\\": \\"Zürich 🌧\\"}"}

event: response.output_item.done
data: {"type":"response.output_item.done","sequence_number":8,"output_index":1,"item":{"id":"fc_1","type":"function_call","status":"completed","arguments":"{\\"city\\": \\"Zürich 🌧\\"}","call_id":"call_weather","name":"get_weather"}}

event: response.output_item.added
data: {"type":"response.output_item.added","sequence_number":9,"output_index":2,"item":{"id":"fc_2","type":"function_call","status":"in_progress","arguments":"","call_id":"call_time","name":"get_time"}}

event: response.function_call_arguments.delta
data: {"type":"response.function_call_arguments.delta","sequence_number":10,"item_id":"fc_2","output_index":2,"delta":"{\\"zone\\": \\"Europe/Zürich\\"}"}

event: response.function_call_arguments.done
data: {"type":"response.function_call_arguments.done","sequence_number":11,"item_id":"fc_2","output_index":2,"arguments":"{\\"zone\\": \\"Europe/Zürich\\"}"}

event: response.output_item.done
data: {"type":"response.output_item.done","sequence_number":12,"output_index":2,"item":{"id":"fc_2","type":"function_call","status":"completed","arguments":"{\\"zone\\": \\"Europe/Zürich\\"}","call_id":"call_time","name":"get_time"}}

event: response.completed
data: {"type":"response.completed","sequence_number":13,"response":{${RESPONSE_BASE},"status":"completed","output":[{"id":"rs_1","type":"reasoning","summary":[]},{"id":"fc_1","type":"function_call","status":"completed","arguments":"{\\"city\\": \\"Zürich 🌧\\"}","call_id":"call_weather","name":"get_weather"},{"id":"fc_2","type":"function_call","status":"completed","arguments":"{\\"zone\\": \\"Europe/Zürich\\"}","call_id":"call_time","name":"get_time"}],"usage":{"input_tokens":90,"output_tokens":52,"output_tokens_details":{"reasoning_tokens":16},"total_tokens":142}}}

`;

/** Anthropic Messages: `event:` lines, a ping, a text block, two tool_use blocks whose JSON streams in pieces. */
export const ANTHROPIC_SSE = `event: message_start
data: {"type":"message_start","message":{"id":"msg_01","type":"message","role":"assistant","model":"claude-sonnet-4-5","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":410,"output_tokens":1}}}

event: content_block_start
data: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}

event: ping
data: {"type": "ping"}

event: content_block_delta
data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Checking Zürich"}}

event: content_block_delta
data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":" now."}}

event: content_block_stop
data: {"type":"content_block_stop","index":0}

event: content_block_start
data: {"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_weather","name":"get_weather","input":{}}}

event: content_block_delta
data: {"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":""}}

event: content_block_delta
data: {"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\\"city\\": \\"Z"}}

event: content_block_delta
data: {"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"ürich 🌧\\"}"}}

event: content_block_stop
data: {"type":"content_block_stop","index":1}

event: content_block_start
data: {"type":"content_block_start","index":2,"content_block":{"type":"tool_use","id":"toolu_time","name":"get_time","input":{}}}

event: content_block_delta
data: {"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta","partial_json":"{\\"zone\\": \\"Europe/Zürich\\"}"}}

event: content_block_stop
data: {"type":"content_block_stop","index":2}

event: message_delta
data: {"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"output_tokens":87}}

event: message_stop
data: {"type":"message_stop"}

`;

/** Gemini `streamGenerateContent?alt=sse`: CRLF line endings, no event names, usage on every frame. */
export const GEMINI_SSE = [
  'data: {"candidates":[{"content":{"parts":[{"text":"Checking Zü"}],"role":"model"},"index":0}],"usageMetadata":{"promptTokenCount":30},"modelVersion":"gemini-2.5-flash","responseId":"r-1"}',
  'data: {"candidates":[{"content":{"parts":[{"text":"rich now."}],"role":"model"},"index":0}],"usageMetadata":{"promptTokenCount":30},"modelVersion":"gemini-2.5-flash","responseId":"r-1"}',
  'data: {"candidates":[{"content":{"parts":[{"functionCall":{"name":"get_weather","args":{"city":"Zürich 🌧"}}},{"functionCall":{"name":"get_time","args":{"zone":"Europe/Zürich"}}}],"role":"model"},"finishReason":"STOP","index":0}],"usageMetadata":{"promptTokenCount":30,"candidatesTokenCount":24,"totalTokenCount":54},"modelVersion":"gemini-2.5-flash","responseId":"r-1"}',
]
  .map((line) => `${line}\r\n\r\n`)
  .join('');

/** Each hand-written stream with the surface it comes from and its two calls. */
export const HAND_WRITTEN = [
  { surface: 'openai-chat', text: CHAT_SSE },
  { surface: 'openai-responses', text: RESPONSES_SSE },
  { surface: 'anthropic-messages', text: ANTHROPIC_SSE },
  { surface: 'gemini', text: GEMINI_SSE },
] as const;

/** The calls every hand-written stream makes. */
export const EXPECTED_CALLS = [
  { name: 'get_weather', arguments: { city: 'Zürich 🌧' } },
  { name: 'get_time', arguments: { zone: 'Europe/Zürich' } },
];

/** The events of SSE text, parsed: what an SDK would have yielded for the same stream. */
export function parsedEvents(text: string): unknown[] {
  return text
    .split(/\r?\n/)
    .filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
    .map((line) => JSON.parse(line.slice('data: '.length)));
}

/** Yields the given pieces one at a time, like a network body. */
export async function* piecesOf<T>(pieces: readonly T[]): AsyncGenerator<T> {
  for (const piece of pieces) yield piece;
}

/** The recorded streams of the Vercel AI SDK's provider tests, when the shared corpus is present. */
export const CORPUS_ROOT = fileURLToPath(
  new URL('../../../shared/corpora/provider-recordings/vercel-ai/packages', import.meta.url),
);
export const CORPUS_PRESENT = existsSync(CORPUS_ROOT);

/** Every `*.chunks.txt` under the corpus, as paths relative to its root. */
export function corpusStreams(dir = CORPUS_ROOT, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      const relative = prefix === '' ? name : `${prefix}/${name}`;
      if (statSync(path).isDirectory()) return corpusStreams(path, relative);
      return name.endsWith('.chunks.txt') ? [relative] : [];
    });
}

/**
 * A recorded stream's events: one JSON event per line, SSE framing removed. A line that is not
 * JSON is passed on as its text, which the reassembler reads (and notes) like a `data:` payload.
 */
export function corpusEvents(file: string): unknown[] {
  return readFileSync(join(CORPUS_ROOT, file), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as unknown;
      } catch {
        return line;
      }
    });
}
