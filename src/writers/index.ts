/**
 * The payload writers, by surface: what the writing faces (fault injection, the arbitraries,
 * the AI SDK's faulty model) and the fixture builder write bodies with. Apart from the
 * registry the readers load (`src/registry/`), so reading a payload never loads a writer.
 * Adding a surface is one line here.
 */
import type { WireSurfaceId } from '../model/model.js';
import { anthropicWriter } from '../surfaces/anthropic-messages/write.js';
import { bedrockWriter } from '../surfaces/bedrock-converse/write.js';
import { geminiWriter } from '../surfaces/gemini/write.js';
import { chatWriter } from '../surfaces/openai-chat/write.js';
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
