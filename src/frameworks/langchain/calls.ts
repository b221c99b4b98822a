/**
 * What the LangChain readers share: a message's calls parsed from its raw argument text (or
 * LangChain's own parse, saying so), placed into the rebuilt provider body, and the turn settled
 * with the message's own stop and usage.
 */

import type { Stop, StopKind, Turn } from '../../model/model.js';
import { asList, asText, type Json, recordOf } from '../../model/narrow.js';
import type { ToolsInto } from '../../surfaces/types.js';
import { describeValue } from '../../text/describe-value.js';
import { plural } from '../../text/plural.js';
import type { LangChainMessage } from './message.js';

/** The issue where LangChain's repair of cut streamed arguments is reported. */
export const REPAIR_ISSUE = 'langchainjs#11469';

/** Where a call's raw arguments were taken from, by position in the rebuilt body. */
export type Sources = string[];

export function isCut(kind: StopKind): boolean {
  return kind === 'ceiling' || kind === 'context-window';
}

/** A call of LangChain's parse: `tool_calls` (args an object), then `invalid_tool_calls` (raw). */
export interface ParsedCall {
  name: unknown;
  id: unknown;
  args: unknown;
  at: string;
}

/**
 * LangChain's own calls, valid then invalid: the order between the two lists is not kept, which
 * is said when both hold calls. An invalid call's `error` is kept in a note.
 */
export function parsedCalls(
  message: LangChainMessage,
  sources: Sources,
  notes: string[],
): ParsedCall[] {
  const { fields, prefix } = message;
  const calls: ParsedCall[] = [];
  for (const [list, field] of [
    [fields.tool_calls, 'tool_calls'],
    [fields.invalid_tool_calls, 'invalid_tool_calls'],
  ] as const) {
    if (list !== undefined && !Array.isArray(list)) {
      notes.push(`${prefix}${field} is ${describeValue(list)}, not a list; no calls read from it`);
    }
    (asList(list) ?? []).forEach((raw, index) => {
      const at = `${prefix}${field}[${index}]`;
      const call = recordOf(raw);
      if (call === undefined) {
        notes.push(`${at} is ${describeValue(raw)}, not a tool call; skipped`);
        return;
      }
      const error = asText(call.error);
      if (error !== undefined) notes.push(`${at}: LangChain says ${firstLine(error)}`);
      sources.push(at);
      calls.push({ name: call.name, id: call.id, args: call.args, at });
    });
  }
  const valid = asList(fields.tool_calls)?.length ?? 0;
  const invalid = asList(fields.invalid_tool_calls)?.length ?? 0;
  if (valid > 0 && invalid > 0) {
    notes.push(
      `${plural(valid, 'call')} in tool_calls and ${invalid} in invalid_tool_calls: LangChain keeps them apart, so the order they were made in is not known`,
    );
  }
  if (calls.length > 0 && message.type === 'ai') {
    notes.push(
      'the raw arguments text is not in the message: calls in tool_calls are read as LangChain parsed them',
    );
  }
  return calls;
}

/**
 * Points each call at the place in the message a reader of it looks: its entry in LangChain's
 * `tool_calls` or `invalid_tool_calls` (matched by id), else where its raw text was read. Where
 * LangChain's `tool_calls` shows a whole object for arguments whose raw text does not parse, a
 * note says that the object is LangChain's repair and the raw text is what is judged.
 */
export function placeCalls(
  turn: Turn,
  message: LangChainMessage,
  sourceOf: (index: number) => string | undefined,
): void {
  const { fields, prefix } = message;
  const places = new Map<string, string>();
  const parsed = new Map<string, unknown>();
  for (const field of ['invalid_tool_calls', 'tool_calls'] as const) {
    (asList(fields[field]) ?? []).forEach((raw, index) => {
      const call = recordOf(raw);
      const id = asText(call?.id);
      if (id === undefined) return;
      places.set(id, `${prefix}${field}[${index}]`);
      if (field === 'tool_calls') parsed.set(id, call?.args);
    });
  }
  turn.calls.forEach((call, index) => {
    const source = sourceOf(index) ?? call.at;
    const place = call.callId === null ? undefined : places.get(call.callId);
    call.at = place ?? source;
    if (
      call.callId !== null &&
      parsed.has(call.callId) &&
      call.arguments.form === 'json-text' &&
      parseObject(call.arguments.text) === undefined
    ) {
      turn.notes.push(
        `${call.at}.args is an object LangChain made from arguments that do not parse (its repair of streamed arguments, ${REPAIR_ISSUE}); the raw text at ${source} is what is judged`,
      );
    }
  });
}

/**
 * What a message's own fields say that the provider's answer does not: the ceiling option is
 * the chat model's `maxTokens`, and a stream's concatenation without its stop (`finish_reason`,
 * `stop_reason`) never got its last chunk.
 */
export function settle(turn: Turn, message: LangChainMessage, stopField: string | null): Turn {
  // A ceiling the answer echoes (a streamed Responses API answer) keeps its own field's name.
  if (turn.maxOutputTokens === null) turn.maxOutputTokensField = CEILING_OPTION;
  const unreported = turn.stop.kind === 'unreported' || turn.stop.kind === 'in-progress';
  if (message.chunk && stopField !== null && unreported) {
    turn.stop = {
      kind: 'connection-cut',
      said: `no ${stopField} in the ${message.name}: the stream ended before its last chunk, or was read before it`,
    } satisfies Stop;
    const last = turn.calls[turn.calls.length - 1];
    if (last !== undefined) last.unfinished = true;
  }
  return turn;
}

/** The visible text of a message's content: a string, or its text blocks joined. */
export function textOf(content: unknown): string | null {
  if (typeof content === 'string') return content;
  const blocks = asList(content);
  if (blocks === undefined) return null;
  let text = '';
  for (const block of blocks) {
    const part = recordOf(block);
    if (part?.type === 'text') text += asText(part.text) ?? '';
  }
  return text;
}

/** The object a JSON text holds, or `undefined` when it is not JSON or not an object. */
export function parseObject(text: string): Json | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return recordOf(value);
  } catch {
    return undefined;
  }
}

/** JSON text of an already-parsed value, or `undefined` when it cannot be written. */
export function jsonText(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

export function firstLine(text: string): string {
  const line = text.split('\n').find((part) => part.trim() !== '') ?? text;
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

/** A message carries no request: its tools come from the `tools` option. */
export const noTools: ToolsInto = () => undefined;

/** The chat models' own option for the output ceiling (`new ChatOpenAI({ maxTokens })`). */
export const CEILING_OPTION = 'maxTokens';
