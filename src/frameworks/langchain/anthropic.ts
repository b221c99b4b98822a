/**
 * A LangChain message from `@langchain/anthropic`, put back together as the Messages API answer
 * it was: its content blocks as Anthropic sent them, its stop reason and usage beside them, read
 * by the Anthropic surface.
 */

import type { Turn } from '../../model/model.js';
import { asCount, asList, asText, type Json, recordOf } from '../../model/narrow.js';
import { anthropicMessages } from '../../surfaces/anthropic-messages/index.js';
import { describeValue } from '../../text/describe-value.js';
import { noTools, parseObject, placeCalls, settle } from './calls.js';
import type { LangChainMessage } from './message.js';

export function readAnthropic(message: LangChainMessage, metadata: Json, extra: Json): Turn {
  const { fields, prefix } = message;
  const notes: string[] = [];
  const stopAt = Object.hasOwn(metadata, 'stop_reason')
    ? 'response_metadata'
    : Object.hasOwn(extra, 'stop_reason')
      ? 'additional_kwargs'
      : null;
  const kept = stopAt === 'response_metadata' ? metadata : extra;
  const { content, raw, sources } = anthropicContent(message, notes);
  const usage = recordOf(metadata.usage);
  const body: Json = {
    type: 'message',
    role: 'assistant',
    id: fields.id,
    content,
    stop_reason: stopAt === null ? undefined : kept.stop_reason,
    stop_sequence: stopAt === null ? undefined : kept.stop_sequence,
    usage: {
      output_tokens:
        asCount(usage?.output_tokens) ?? recordOf(fields.usage_metadata)?.output_tokens,
    },
  };
  const turn = anthropicMessages.response.read(body, 0, noTools);
  // A streamed tool_use block's input is the text its deltas carried: that text is the evidence.
  for (const call of turn.calls) {
    const text = raw.get(call.at);
    if (text !== undefined) call.arguments = { form: 'json-text', text };
  }
  placeCalls(turn, message, (index) => sources.get(turn.calls[index]?.at ?? ''));
  if (turn.stop.said !== null && stopAt !== null) {
    turn.stop.said = `${prefix}${stopAt}.${turn.stop.said}`;
  }
  turn.notes.push(
    `read as the Anthropic message this ${message.name} keeps: its content blocks, the stop_reason and usage beside them`,
    ...notes,
  );
  return settle(turn, message, 'stop_reason');
}

/**
 * The content blocks as Anthropic sent them. A stream's concatenation holds each block with its
 * `index`, and a tool_use block's input as the `input_json_delta` pieces that follow it, which
 * are joined into its raw text: a parsed input when it parses, the text itself otherwise.
 */
export function anthropicContent(message: LangChainMessage, notes: string[]) {
  const { fields, prefix } = message;
  const content = fields.content;
  /** Raw input text by the block's place in the rebuilt content (`content[1]`). */
  const raw = new Map<string, string>();
  /** Where each rebuilt block sits in the message. */
  const sources = new Map<string, string>();
  if (typeof content === 'string') {
    return { content: content === '' ? [] : [{ type: 'text', text: content }], raw, sources };
  }
  const items = asList(content);
  if (items === undefined) {
    notes.push(`${prefix}content is ${describeValue(content)}, not text or a list of blocks`);
    return { content: [], raw, sources };
  }
  const blocks: Json[] = [];
  const byIndex = new Map<unknown, { at: string; text: string }>();
  for (let position = 0; position < items.length; position++) {
    const item = recordOf(items[position]);
    if (item === undefined) {
      blocks.push({ type: describeValue(items[position]) });
      continue;
    }
    const { index, ...block } = item;
    if (block.type === 'input_json_delta') {
      const target = byIndex.get(index);
      if (target !== undefined) target.text += asText(block.input) ?? '';
      else notes.push(`${prefix}content[${position}] is an input_json_delta for no tool_use block`);
      continue;
    }
    const at = `content[${blocks.length}]`;
    sources.set(at, `${prefix}content[${position}]`);
    if (block.type === 'tool_use' && typeof block.input === 'string') {
      const streamed = { at, text: block.input };
      if (index !== undefined) byIndex.set(index, streamed);
      raw.set(at, block.input);
      blocks.push(block);
      continue;
    }
    blocks.push(block);
  }
  for (const { at, text } of byIndex.values()) raw.set(at, text);
  for (const [at, text] of raw) {
    const block = blocks[Number(at.slice('content['.length, -1))];
    if (block === undefined) continue;
    const parsed = parseObject(text === '' ? '{}' : text);
    block.input = parsed ?? {};
    // A whole input is read as the object it is; a cut one is judged on its text.
    if (parsed !== undefined) raw.delete(at);
  }
  return { content: blocks, raw, sources };
}
