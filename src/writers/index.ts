/**
 * The payload writers and the conversation writers, by surface: what the writing faces (fault injection, the arbitraries,
 * the AI SDK's faulty model) and the fixture builder write bodies with. Apart from the
 * registry the readers load (`src/registry/`), so reading a payload never loads a writer.
 * Adding a surface is one line here.
 */
import type { WireSurfaceId } from '../model/model.js';
import { anthropicHistoryWriter } from '../surfaces/anthropic-messages/history-write.js';
import { anthropicWriter } from '../surfaces/anthropic-messages/write.js';
import { bedrockHistoryWriter } from '../surfaces/bedrock-converse/history-write.js';
import { bedrockWriter } from '../surfaces/bedrock-converse/write.js';
import { geminiHistoryWriter } from '../surfaces/gemini/history-write.js';
import { geminiWriter } from '../surfaces/gemini/write.js';
import type { HistoryWriter } from '../surfaces/history-script.js';
import { chatHistoryWriter } from '../surfaces/openai-chat/history-write.js';
import { chatWriter } from '../surfaces/openai-chat/write.js';
import { responsesHistoryWriter } from '../surfaces/openai-responses/history-write.js';
import { responsesWriter } from '../surfaces/openai-responses/write.js';
import type { PayloadWriter } from '../surfaces/payload.js';

/** Each wire surface's writer. */
const WRITERS: Readonly<Record<WireSurfaceId, PayloadWriter>> = {
  'openai-responses': responsesWriter,
  'openai-chat': chatWriter,
  'anthropic-messages': anthropicWriter,
  gemini: geminiWriter,
  'bedrock-converse': bedrockWriter,
};

/**
 * The writer of a wire surface's bodies.
 *
 * @example
 * writerFor('gemini').can.cutCalls; // false
 */
export function writerFor(surface: WireSurfaceId): PayloadWriter {
  return WRITERS[surface];
}

/** Each wire surface's writer of conversations sent back. */
const HISTORY_WRITERS: Readonly<Record<WireSurfaceId, HistoryWriter>> = {
  'openai-responses': responsesHistoryWriter,
  'openai-chat': chatHistoryWriter,
  'anthropic-messages': anthropicHistoryWriter,
  gemini: geminiHistoryWriter,
  'bedrock-converse': bedrockHistoryWriter,
};

/**
 * How a wire surface writes a conversation sent back: its request body for a script of rounds,
 * and how its call ids look.
 *
 * @example
 * historyWriterFor('openai-chat').body(script).messages; // system, user, assistant with tool_calls, tool, ...
 */
export function historyWriterFor(surface: WireSurfaceId): HistoryWriter {
  return HISTORY_WRITERS[surface];
}
