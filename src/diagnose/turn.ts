/**
 * The turn as every diagnosis sees it: read as the payload says it, then each surface's
 * default applied where the payload said nothing. Reading records; deciding what silence
 * means is the diagnoses' part.
 */
import type { ReadOptions, Turn } from '../model/model.js';
import { type ReadResult, readPayload } from '../read/index.js';
import { surfaceById } from '../surfaces/index.js';
import { lintStrictSchema } from './strict-lint.js';

/**
 * Reads any supported payload into one {@link Turn}: a response, a request body, an exchange
 * `{ request, response }`, an Anthropic batch results line, or a reassembled stream. The
 * surface is detected from the shape; a JSON string is parsed first; a Turn already read is
 * returned as it is. Options supply what a response does not echo, and win over everything
 * else. A tool that does not state `strict` gets its provider's default (`strictStated` says
 * which).
 *
 * @example
 * const read = readTurn({ request: chatRequest, response: chatCompletion });
 * if (read.ok) console.log(read.turn.calls.map((call) => call.name));
 */
export function readTurn(input: unknown, options?: ReadOptions | null): ReadResult {
  const read = readPayload(input, options);
  if (read.ok) applyStrictDefault(read.turn);
  return read;
}

/**
 * Gives each function tool that does not state `strict` its surface's default. On the
 * Responses API an unstated `strict` makes the schema strict when it can be made so, and falls
 * back to non-strict when it cannot; everywhere else it is not strict. Applying it twice (a
 * Turn passed back in) changes nothing.
 */
function applyStrictDefault(turn: Turn): void {
  if (turn.tools === null) return;
  // The notes already said, gathered once a tool needs its default: a Turn passed back in
  // holds them already, and checking each against a list would be quadratic in the tools.
  let said: Set<string> | null = null;
  for (const tool of turn.tools) {
    // Only a tool in the turn's own shape that left strict unstated: a Chat-shaped tool on a
    // Responses turn, or a Turn saved before `strictStated` existed, keeps what it says.
    if (tool.kind !== 'function' || tool.strictStated !== false || tool.shape !== turn.surface) {
      continue;
    }
    // Looked up only for a tool that left strict unstated: most requests state it.
    const strict = surfaceById(turn.surface).facts.strict;
    if (strict.whenUnstated !== 'strict-if-schema-allows' || strict.provider === null) return;
    said ??= new Set(turn.notes);
    tool.strict =
      lintStrictSchema(
        { type: 'function', name: 'tool', parameters: tool.schema },
        { provider: strict.provider },
      ).problems.length === 0;
    const note = `${tool.at} does not set strict; ${surfaceById(turn.surface).title} makes a tool strict when its schema allows, so it is read as ${tool.strict ? 'strict' : 'not strict (its schema does not meet strict mode)'}`;
    if (!said.has(note)) turn.notes.push(note);
  }
}

/** Whether the turn's provider documents that several calls in one turn void strict. */
export function parallelCallsVoidStrict(turn: Turn): boolean {
  return surfaceById(turn.surface).facts.strict.voidedByParallelCalls;
}
