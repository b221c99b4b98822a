/**
 * Small recordings for the msw tests: HAR documents built inline, and SSE bodies built from a
 * final provider object, event for event as each API streams it, so a stream and its final
 * object always agree.
 */
import type { HarDocument } from '../../src/har/index.js';

export interface Exchange {
  method?: string;
  url: string;
  /** The request body as sent; serialised as JSON. */
  request?: unknown;
  status?: number;
  contentType?: string;
  headers?: Record<string, string>;
  /** A JSON body (serialised) or a text body (SSE) as it came over the wire. */
  response: unknown;
}

/** A HAR 1.2 document holding the exchanges, in order. */
export function harOf(...exchanges: Exchange[]): HarDocument {
  return {
    log: {
      entries: exchanges.map((exchange) => {
        const text =
          typeof exchange.response === 'string'
            ? exchange.response
            : JSON.stringify(exchange.response);
        const contentType =
          exchange.contentType ??
          (typeof exchange.response === 'string' ? 'text/event-stream' : 'application/json');
        return {
          startedDateTime: '2025-08-27T17:28:16.000Z',
          time: 812,
          request: {
            method: exchange.method ?? 'POST',
            url: exchange.url,
            httpVersion: 'HTTP/1.1',
            cookies: [],
            headers: [{ name: 'content-type', value: 'application/json' }],
            queryString: [],
            ...(exchange.request === undefined
              ? {}
              : {
                  postData: {
                    mimeType: 'application/json',
                    text: JSON.stringify(exchange.request),
                  },
                }),
            headersSize: -1,
            bodySize: -1,
          },
          response: {
            status: exchange.status ?? 200,
            statusText: 'OK',
            httpVersion: 'HTTP/1.1',
            cookies: [],
            headers: [
              { name: 'content-type', value: contentType },
              // Stale on replay: the body below is neither this long nor compressed.
              { name: 'content-length', value: '3' },
              { name: 'content-encoding', value: 'gzip' },
              { name: 'x-request-id', value: 'req_7c1d2e3f4a5b6c7d8e9f' },
              ...Object.entries(exchange.headers ?? {}).map(([name, value]) => ({ name, value })),
            ],
            content: { size: text.length, mimeType: contentType, text },
            redirectURL: '',
            headersSize: -1,
            bodySize: -1,
          },
          cache: {},
          timings: { send: 0, wait: 800, receive: 12 },
        };
      }),
    },
  };
}

/** One SSE event; `event:` only when the API names its events (Responses, Anthropic). */
function sseEvent(data: unknown, name?: string): string {
  const payload = typeof data === 'string' ? data : JSON.stringify(data);
  return `${name === undefined ? '' : `event: ${name}\n`}data: ${payload}\n\n`;
}

/** Cuts a string into `parts` pieces of about equal length, as a model streams arguments. */
function pieces(text: string, parts = 3): string[] {
  const size = Math.max(1, Math.ceil(text.length / parts));
  const out: string[] = [];
  for (let start = 0; start < text.length; start += size) out.push(text.slice(start, start + size));
  return out;
}

type Obj = Record<string, unknown>;
const obj = (value: unknown): Obj => value as Obj;
const arr = (value: unknown): Obj[] => value as Obj[];

/** How a stream ends: `complete`, or `cut` before its terminal event (the connection dropped). */
export type Ending = 'complete' | 'cut';

/**
 * A Chat Completions stream for a final completion: role, tool-call headers, argument pieces,
 * the finish reason with usage, then `[DONE]`. A cut stream stops halfway through the arguments.
 */
export function chatSse(completion: unknown, ending: Ending = 'complete'): string {
  const c = obj(completion);
  const choice = obj(arr(c.choices)[0]);
  const message = obj(choice.message);
  const head = { id: c.id, object: 'chat.completion.chunk', created: c.created, model: c.model };
  const chunk = (delta: Obj, finish: unknown = null, extra: Obj = {}) =>
    sseEvent({
      ...head,
      service_tier: 'default',
      system_fingerprint: c.system_fingerprint,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      ...extra,
    });
  const events = [chunk({ role: 'assistant', content: null, refusal: null })];
  // A cut stream ends after the first piece of the last call's arguments (or of the text).
  let cutAfter = 1;
  if (typeof message.content === 'string') {
    for (const piece of pieces(message.content)) events.push(chunk({ content: piece }));
  }
  for (const [index, call] of arr(message.tool_calls ?? []).entries()) {
    const fn = obj(call.function);
    events.push(
      chunk({
        tool_calls: [
          { index, id: call.id, type: 'function', function: { name: fn.name, arguments: '' } },
        ],
      }),
    );
    cutAfter = events.length;
    for (const piece of pieces(String(fn.arguments))) {
      events.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
    }
  }
  if (ending === 'cut') return events.slice(0, cutAfter + 1).join('');
  events.push(chunk({}, choice.finish_reason));
  events.push(sseEvent({ ...head, choices: [], usage: c.usage }));
  events.push(sseEvent('[DONE]'));
  return events.join('');
}

/**
 * A Responses API stream for a final response: `response.created` (in progress, no output), each
 * item added with its argument or text deltas and done, then `response.completed` (or
 * `response.incomplete`) carrying the final response. A cut stream ends inside the last item.
 */
export function responsesSse(response: unknown, ending: Ending = 'complete'): string {
  const r = obj(response);
  let sequence = 0;
  const event = (type: string, fields: Obj) =>
    sseEvent({ type, sequence_number: sequence++, ...fields }, type);
  const events = [
    event('response.created', {
      response: { ...r, status: 'in_progress', output: [], usage: null },
    }),
  ];
  // A cut stream ends after the first argument piece of the last call (or the last item added).
  let cutAfter = 0;
  for (const [index, item] of arr(r.output).entries()) {
    if (item.type === 'function_call') {
      events.push(
        event('response.output_item.added', {
          output_index: index,
          item: { ...item, status: 'in_progress', arguments: '' },
        }),
      );
      cutAfter = events.length;
      for (const piece of pieces(String(item.arguments))) {
        events.push(
          event('response.function_call_arguments.delta', {
            item_id: item.id,
            output_index: index,
            delta: piece,
          }),
        );
      }
      events.push(
        event('response.function_call_arguments.done', {
          item_id: item.id,
          output_index: index,
          arguments: item.arguments,
        }),
      );
    } else {
      events.push(event('response.output_item.added', { output_index: index, item }));
      cutAfter = events.length - 1;
    }
    events.push(event('response.output_item.done', { output_index: index, item }));
  }
  if (ending === 'cut') return events.slice(0, cutAfter + 1).join('');
  const terminal = r.status === 'completed' ? 'response.completed' : 'response.incomplete';
  events.push(event(terminal, { response: r }));
  return events.join('');
}

/**
 * An Anthropic Messages stream for a final message: `message_start`, each content block with its
 * `text_delta` or `input_json_delta` pieces, `message_delta` with the stop reason and usage,
 * `message_stop`. A cut stream ends inside the last block.
 */
export function anthropicSse(message: unknown, ending: Ending = 'complete'): string {
  const m = obj(message);
  const usage = obj(m.usage);
  const events = [
    sseEvent(
      {
        type: 'message_start',
        message: { ...m, content: [], stop_reason: null, usage: { ...usage, output_tokens: 1 } },
      },
      'message_start',
    ),
  ];
  // A cut stream ends after the first delta of the last content block.
  let cutAfter = 0;
  for (const [index, block] of arr(m.content).entries()) {
    const start = block.type === 'tool_use' ? { ...block, input: {} } : { ...block, text: '' };
    events.push(
      sseEvent({ type: 'content_block_start', index, content_block: start }, 'content_block_start'),
    );
    const deltas =
      block.type === 'tool_use'
        ? pieces(JSON.stringify(block.input)).map((partial_json) => ({
            type: 'input_json_delta',
            partial_json,
          }))
        : pieces(String(block.text)).map((text) => ({ type: 'text_delta', text }));
    cutAfter = events.length;
    for (const delta of deltas) {
      events.push(sseEvent({ type: 'content_block_delta', index, delta }, 'content_block_delta'));
    }
    events.push(sseEvent({ type: 'content_block_stop', index }, 'content_block_stop'));
  }
  if (ending === 'cut') return events.slice(0, cutAfter + 1).join('');
  events.push(
    sseEvent(
      {
        type: 'message_delta',
        delta: { stop_reason: m.stop_reason, stop_sequence: null },
        usage: { output_tokens: usage.output_tokens },
      },
      'message_delta',
    ),
  );
  events.push(sseEvent({ type: 'message_stop' }, 'message_stop'));
  return events.join('');
}

/** Fails a test that hangs instead of letting it run to vitest's timeout without a reason. */
export function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
