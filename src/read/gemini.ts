import type { Stop, Turn } from './model.js';
import type { Json } from './narrow.js';
import { count, describeValue, either, isRecord, list, record, text } from './narrow.js';
import { readTools } from './tools.js';
import { blankTurn } from './turn.js';

/** Finish reasons Gemini uses when a safety or policy filter stopped the answer. */
const FILTERED = new Set([
  'SAFETY',
  'RECITATION',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'IMAGE_SAFETY',
  'IMAGE_PROHIBITED_CONTENT',
  'IMAGE_RECITATION',
]);

/**
 * Settings from a Gemini request: the REST body (`generationConfig`, `tools`) or the
 * `@google/genai` parameters (`config`, which holds `tools` itself). Both casings are read.
 */
export function readGeminiSettings(body: Json, at: string, turn: Turn): void {
  const config = record(body, 'generationConfig', 'generation_config', 'config');
  const tools = either(body, 'tools') ?? either(config, 'tools');
  if (tools !== undefined) {
    const read = readTools(tools, `${at}tools`, 'gemini');
    turn.tools = read.tools;
    turn.notes.push(...read.notes);
  }
  turn.maxOutputTokens = count(config, 'maxOutputTokens', 'max_output_tokens');
  if (turn.maxOutputTokens !== null) turn.maxOutputTokensField = 'maxOutputTokens';
  const mime = either(config, 'responseMimeType', 'response_mime_type');
  const schema = either(
    config,
    'responseSchema',
    'response_schema',
    'responseJsonSchema',
    'response_json_schema',
  );
  if (typeof mime === 'string') turn.expectsJson = mime === 'application/json';
  else if (schema !== undefined) turn.expectsJson = true;
}

/** Reads a Gemini `generateContent` response (`candidates[]`), one candidate of it. */
export function readGeminiResponse(body: Json, candidateIndex: number): Turn {
  const turn = blankTurn('gemini', 'response');
  const id = either(body, 'responseId', 'response_id');
  turn.id = typeof id === 'string' ? id : null;
  const candidates = list(body, 'candidates') ?? [];
  if (candidates.length > 1) {
    turn.notes.push(
      `candidates[${candidateIndex}] of ${candidates.length} read; pass { choice: i } to read another`,
    );
  }
  const candidate = candidates[candidateIndex];
  const at = `candidates[${candidateIndex}]`;

  if (isRecord(candidate)) {
    readParts(candidate, at, turn);
    turn.stop = geminiStop(candidate);
  } else {
    const blocked = either(
      record(body, 'promptFeedback', 'prompt_feedback'),
      'blockReason',
      'block_reason',
    );
    if (typeof blocked === 'string') {
      turn.stop = { kind: 'filter', said: `promptFeedback.blockReason "${blocked}"` };
    } else if (candidate !== undefined) {
      turn.notes.push(`${at} is ${describeValue(candidate)}, not a candidate`);
    }
  }

  const usage = record(body, 'usageMetadata', 'usage_metadata');
  const answer = count(usage, 'candidatesTokenCount', 'candidates_token_count');
  const thoughts = count(usage, 'thoughtsTokenCount', 'thoughts_token_count');
  // Gemini reports thinking apart from the answer; both count against maxOutputTokens.
  turn.outputTokens = answer === null && thoughts === null ? null : (answer ?? 0) + (thoughts ?? 0);
  turn.reasoningTokens = thoughts;
  return turn;
}

function readParts(candidate: Json, at: string, turn: Turn): void {
  const parts = either(record(candidate, 'content'), 'parts');
  (Array.isArray(parts) ? parts : []).forEach((part, index) => {
    const where = `${at}.content.parts[${index}]`;
    if (!isRecord(part)) {
      turn.notes.push(`${where} is ${describeValue(part)}, not a part; skipped`);
      return;
    }
    const call = record(part, 'functionCall', 'function_call');
    const said = text(part, 'text');
    if (call !== undefined) {
      const args = either(call, 'args');
      turn.calls.push({
        name: text(call, 'name') ?? '',
        callId: text(call, 'id') ?? null,
        kind: 'function',
        // Gemini omits args for a function that takes none.
        arguments: { form: 'object', value: args === undefined ? {} : args },
        unfinished: false,
        at: where,
      });
    } else if (said !== undefined && either(part, 'thought') === true) {
      turn.reasoningSeen = true;
    } else if (said !== undefined) {
      turn.text += said;
    } else {
      turn.otherOutput.push(`${Object.keys(part)[0] ?? 'empty part'} at ${where}`);
    }
  });

  if (either(candidate, 'finishReason', 'finish_reason') === 'MALFORMED_FUNCTION_CALL') {
    // Gemini drops a call it could not parse and says so only here: keep it as a call so it is judged.
    const message = either(candidate, 'finishMessage', 'finish_message');
    turn.calls.push({
      name: nameInFinishMessage(message),
      callId: null,
      kind: 'function',
      arguments: {
        form: 'missing',
        reason: `Gemini could not parse the call it generated (finishReason "MALFORMED_FUNCTION_CALL")${typeof message === 'string' ? `: ${message}` : ''}`,
      },
      unfinished: false,
      at: `${at}.finishReason`,
    });
  }
}

/** `finishMessage` often quotes the rejected call, e.g. `Malformed function call: print(default_api.get_weather(...))`. */
function nameInFinishMessage(message: unknown): string {
  if (typeof message !== 'string') return '';
  const match = /default_api\.([A-Za-z_][\w.-]*)\s*\(/.exec(message);
  return match?.[1] ?? '';
}

function geminiStop(candidate: Json): Stop {
  const reason = either(candidate, 'finishReason', 'finish_reason');
  if (typeof reason !== 'string') return { kind: 'unreported', said: null };
  const said = `finishReason "${reason}"`;
  if (reason === 'STOP') return { kind: 'finished', said };
  if (reason === 'MAX_TOKENS') return { kind: 'ceiling', said };
  if (FILTERED.has(reason)) return { kind: 'filter', said };
  if (reason === 'MALFORMED_FUNCTION_CALL') return { kind: 'malformed-call', said };
  return { kind: 'other', said };
}
