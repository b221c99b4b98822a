/**
 * Bedrock Converse bodies, field for field as the API and the AWS SDK write them: the request
 * (`ConverseCommand`'s input without `modelId`, which travels in the URL), a `toolSpec`, the
 * response, its `toolUse` blocks and usage; the ConverseStream events as JSON lines (the events
 * the SDK yields, one a line) and as the binary event stream the wire carries.
 */
import { isRecord, type Json } from '../../model/narrow.js';
import { encodeEventStreamMessage, joinBytes } from '../../stream/event-stream-codec.js';
import {
  type JsonObject,
  type JsonValue,
  type NeutralTool,
  type PayloadTurn,
  type PayloadWriter,
  records,
  type StreamWriter,
  stringOr,
  takeFrom,
} from '../payload.js';

/**
 * A `toolConfig.tools` item; `strict` only when stated.
 *
 * @example
 * bedrockTool({ name: 'lookup', description: 'Look up.', parameters: {}, strict: true });
 * // { toolSpec: { name: 'lookup', description: 'Look up.', inputSchema: { json: {} }, strict: true } }
 */
export const bedrockTool = (tool: NeutralTool): JsonObject => ({
  toolSpec: {
    name: tool.name,
    description: tool.description,
    inputSchema: { json: tool.parameters },
    ...(tool.strict === undefined ? {} : { strict: tool.strict }),
  },
});

/** What a Converse request says. */
export interface BedrockRequestInput {
  system: string;
  /** Items as {@link bedrockTool} writes them, and `cachePoint` / `systemTool` items as sent. */
  tools: JsonValue[];
  prompt: string;
  maxTokens?: number | undefined;
}

/**
 * A Converse request body, keys in the order the API reference lists them.
 *
 * @example
 * bedrockRequest({ system: 'Be brief.', tools: [], prompt: 'Hi', maxTokens: 512 });
 */
export function bedrockRequest(input: BedrockRequestInput): JsonObject {
  return {
    ...(input.maxTokens === undefined ? {} : { inferenceConfig: { maxTokens: input.maxTokens } }),
    messages: [{ role: 'user', content: [{ text: input.prompt }] }],
    system: [{ text: input.system }],
    toolConfig: { tools: input.tools },
  };
}

/**
 * A `toolUse` content block; `input` is the object Bedrock decoded.
 *
 * @example
 * bedrockToolUse('tooluse_kZJMlvQmRJ6eAyJE5GIl7Q', 'lookup_order', { order_id: 'A-1' });
 */
export const bedrockToolUse = (toolUseId: string, name: string, input: JsonValue): JsonObject => ({
  toolUse: { toolUseId, name, input },
});

/**
 * A Converse response body.
 *
 * @example
 * bedrockResponse({ content: [{ text: 'Hi' }], stopReason: 'end_turn', input: 12, output: 3 });
 */
export function bedrockResponse(input: {
  content: JsonValue[];
  stopReason: string;
  input: number;
  output: number;
  latencyMs?: number;
}): JsonObject {
  return {
    output: { message: { role: 'assistant', content: input.content } },
    stopReason: input.stopReason,
    usage: {
      inputTokens: input.input,
      outputTokens: input.output,
      totalTokens: input.input + input.output,
    },
    metrics: { latencyMs: input.latencyMs ?? 1204 },
  };
}

/**
 * A response as its ConverseStream events, in the order Bedrock sends them: `messageStart`;
 * per block a `contentBlockStart` (toolUse blocks only), `contentBlockDelta` pieces of the text
 * or of `JSON.stringify(input)`, `contentBlockStop`; then `messageStop` and `metadata`. A
 * `toolUse` the ceiling cut (the last block of a `max_tokens` stop) streams its input without
 * the closing brace. `write` gives the events as JSON lines, one event a line.
 *
 * @example
 * const writer = bedrockStream(response);
 * writer.write(writer.texts.map((text) => [text])); // '{"messageStart":{"role":"assistant"}}\n...'
 */
export function bedrockStream(response: Json): StreamWriter & {
  events(pieces: readonly (readonly string[])[]): JsonObject[];
} {
  const message = isRecord(response.output) ? response.output.message : undefined;
  const content = records(isRecord(message) ? message.content : undefined);
  const lastCut =
    response.stopReason === 'max_tokens' && isRecord(content.at(-1)?.toolUse)
      ? content.length - 1
      : -1;
  const texts: string[] = [];
  content.forEach((block, index) => {
    if (typeof block.text === 'string') texts.push(block.text);
    const thought = reasoningTextOf(block);
    if (thought !== undefined) texts.push(stringOr(thought.text, ''));
    if (!isRecord(block.toolUse)) return;
    const input = JSON.stringify(block.toolUse.input ?? {});
    texts.push(index === lastCut ? input.slice(0, -1) : input);
  });
  const events = (pieces: readonly (readonly string[])[]): JsonObject[] => {
    const take = takeFrom(pieces);
    const out: JsonObject[] = [{ messageStart: { role: 'assistant' } }];
    content.forEach((block, contentBlockIndex) => {
      const use = isRecord(block.toolUse) ? block.toolUse : undefined;
      if (use !== undefined) {
        out.push({
          contentBlockStart: {
            contentBlockIndex,
            start: {
              toolUse: { toolUseId: stringOr(use.toolUseId, ''), name: stringOr(use.name, '') },
            },
          },
        });
        for (const input of take())
          out.push({ contentBlockDelta: { contentBlockIndex, delta: { toolUse: { input } } } });
      } else if (typeof block.text === 'string') {
        for (const text of take())
          if (text !== '') out.push({ contentBlockDelta: { contentBlockIndex, delta: { text } } });
      } else {
        const thought = reasoningTextOf(block);
        if (thought !== undefined) {
          for (const text of take()) {
            if (text !== '') {
              out.push({
                contentBlockDelta: { contentBlockIndex, delta: { reasoningContent: { text } } },
              });
            }
          }
          // The signature arrives last, in a delta of its own.
          if (typeof thought.signature === 'string') {
            out.push({
              contentBlockDelta: {
                contentBlockIndex,
                delta: { reasoningContent: { signature: thought.signature } },
              },
            });
          }
        }
      }
      out.push({ contentBlockStop: { contentBlockIndex } });
    });
    out.push({ messageStop: { stopReason: stringOr(response.stopReason, 'end_turn') } });
    const usage = isRecord(response.usage) ? (response.usage as JsonObject) : undefined;
    const metrics = isRecord(response.metrics) ? (response.metrics as JsonObject) : undefined;
    if (usage !== undefined || metrics !== undefined) {
      out.push({
        metadata: {
          ...(usage === undefined ? {} : { usage }),
          ...(metrics === undefined ? {} : { metrics }),
        },
      });
    }
    return out;
  };
  return {
    texts,
    events,
    write: (pieces) =>
      events(pieces)
        .map((event) => `${JSON.stringify(event)}\n`)
        .join(''),
    send(pieces, sent) {
      let written = events(pieces);
      if (sent?.cut === true) {
        // The connection dropped after the last delta: no block stop, no messageStop.
        let lastDelta = written.length - 1;
        while (lastDelta >= 0 && !('contentBlockDelta' in (written[lastDelta] ?? {})))
          lastDelta -= 1;
        written = written.slice(0, lastDelta + 1);
      }
      return {
        contentType: 'application/vnd.amazon.eventstream',
        body: bedrockEventStream(written),
      };
    },
  };
}

/** A block's reasoning text (`reasoningContent.reasoningText`), where it is one. */
function reasoningTextOf(block: Json): Json | undefined {
  const reasoning = isRecord(block.reasoningContent) ? block.reasoningContent : undefined;
  return reasoning !== undefined && isRecord(reasoning.reasoningText)
    ? reasoning.reasoningText
    : undefined;
}

const textEncoder = new TextEncoder();

/**
 * ConverseStream events as the `application/vnd.amazon.eventstream` bytes Bedrock sends: one
 * message per event, `:event-type` naming its member and its body the JSON payload, padded with
 * a `p` field as Bedrock pads every event. `pad(index)` gives the padding (a fixed one by
 * default, so the bytes are the same each time).
 *
 * @example
 * const bytes = bedrockEventStream([{ messageStart: { role: 'assistant' } }]);
 * reassembleStream(bytes).surface; // 'bedrock-converse'
 */
export function bedrockEventStream(
  events: readonly Json[],
  pad: (index: number) => string = () => 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJ',
): Uint8Array {
  const messages = events.map((event, index) => {
    const [name, body] = Object.entries(event)[0] ?? ['', {}];
    return encodeEventStreamMessage({
      headers: {
        ':event-type': { type: 'string', value: name },
        ':content-type': { type: 'string', value: 'application/json' },
        ':message-type': { type: 'string', value: 'event' },
      },
      body: textEncoder.encode(JSON.stringify({ ...(isRecord(body) ? body : {}), p: pad(index) })),
    });
  });
  return joinBytes(messages);
}

/** `tooluse_` and 22 of the call's random characters, as Bedrock names calls. */
const callId = (turn: PayloadTurn, index: number) =>
  `tooluse_${(turn.ids.calls[index] ?? '').slice(0, 22)}`;

/** The Converse writer: a turn as Claude Sonnet 4.5 answers it through Bedrock. */
export const bedrockWriter: PayloadWriter = {
  can: {
    arguments: 'decoded',
    cutCalls: true,
    // Converse has no parallel-calls setting of its own.
    parallelSettings: [],
    ceilingRequired: false,
    reasoningTokens: false,
    strictTools: true,
    unwritable: { refused: 'Converse has no refusal stop reason' },
    streamsCallsWhole: false,
  },
  route: {
    path: /\/model\/[^/]+\/converse(?:-stream)?$/,
    streamed: (url) => url.pathname.endsWith('/converse-stream'),
    requiredField: 'messages',
  },
  callIds: (turn) => turn.calls.map((_, index) => callId(turn, index)),
  exchange(turn) {
    const request = bedrockRequest({
      system: turn.system,
      tools: turn.tools.map(bedrockTool),
      prompt: turn.prompt,
      maxTokens: turn.ceiling,
    });
    const { outcome } = turn;
    const content: JsonValue[] = [];
    if (outcome?.kind === 'reasoning-only') {
      content.push({
        reasoningContent: {
          reasoningText: { text: outcome.text, signature: `Eu${turn.ids.items[0] ?? ''}` },
        },
      });
    }
    if (outcome?.kind === 'answered') content.push({ text: outcome.text });
    if (turn.preface !== undefined) content.push({ text: turn.preface });
    turn.calls.forEach((call, index) => {
      content.push(bedrockToolUse(callId(turn, index), call.name, call.value));
    });
    const response = bedrockResponse({
      content,
      stopReason: stopReasonOf(turn),
      input: turn.usage.input,
      output: turn.usage.output,
    });
    return { request, response };
  },
  stream: (response) => bedrockStream(response),
  // The AWS SDK names the error from `x-amzn-errortype` (`loadRestJsonErrorCode` in
  // @smithy/core's protocols) and raises Converse's modelled class for it:
  // ValidationException is its 400, ResourceNotFoundException its 404
  // (@aws-sdk/client-bedrock-runtime's error schemas).
  error: (_code, message, kind = 'invalid-request') =>
    kind === 'not-found'
      ? {
          status: 404,
          body: { message },
          headers: { 'x-amzn-errortype': 'ResourceNotFoundException' },
        }
      : {
          status: 400,
          body: { message },
          headers: { 'x-amzn-errortype': 'ValidationException' },
        },
};

/** The stopReason a written turn ends with. */
function stopReasonOf(turn: PayloadTurn): string {
  switch (turn.outcome?.kind) {
    case 'filtered':
      return 'content_filtered';
    case 'reasoning-only':
      return 'max_tokens';
    case 'refused':
    case 'empty':
      return 'end_turn';
    case 'answered':
      if (turn.ending === 'ceiling') return 'max_tokens';
      return turn.calls.length > 0 ? 'tool_use' : 'end_turn';
    default:
      return turn.ending === 'ceiling' ? 'max_tokens' : 'tool_use';
  }
}
