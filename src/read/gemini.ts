import type { Stop, Turn } from './model.js';
import type { Json } from './narrow.js';
import { count, describeValue, either, isRecord, text } from './narrow.js';
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

/** Finish reasons Gemini uses when it refused a function call it could not run. */
const REJECTED_CALL = new Set(['MALFORMED_FUNCTION_CALL', 'UNEXPECTED_TOOL_CALL']);

/**
 * Settings from a Gemini request: the REST body (`generationConfig`, `tools`) or the
 * `@google/genai` parameters (`config`, which holds `tools` itself). Both casings are read.
 */
export function readGeminiSettings(body: Json, at: string, turn: Turn): void {
  const config = asRecord(either(body, 'generationConfig', 'generation_config', 'config'));
  const tools = either(body, 'tools') ?? either(config, 'tools');
  if (tools !== undefined) {
    const read = readTools(tools, `${at}tools`, 'gemini');
    turn.tools = read.tools;
    turn.notes.push(...read.notes);
  }
  const ceiling = either(config, 'maxOutputTokens', 'max_output_tokens');
  if (typeof ceiling === 'number' && Number.isInteger(ceiling) && ceiling >= 0) {
    turn.maxOutputTokens = ceiling;
  }
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
  const candidates = either(body, 'candidates');
  const list = Array.isArray(candidates) ? candidates : [];
  if (list.length > 1) {
    turn.notes.push(
      `candidates[${candidateIndex}] of ${list.length} read; pass { choice: i } to read another`,
    );
  }
  const candidate = list[candidateIndex];
  const at = `candidates[${candidateIndex}]`;

  if (isRecord(candidate)) {
    readParts(candidate, at, turn);
    turn.stop = geminiStop(candidate);
  } else {
    const blocked = either(
      asRecord(either(body, 'promptFeedback', 'prompt_feedback')),
      'blockReason',
      'block_reason',
    );
    if (typeof blocked === 'string') {
      turn.stop = { kind: 'filter', said: `promptFeedback.blockReason "${blocked}"` };
    } else {
      turn.notes.push(
        candidate === undefined
          ? `${at} does not exist; the response has ${list.length} candidate(s)`
          : `${at} is ${describeValue(candidate)}, not a candidate`,
      );
    }
  }

  const usage = asRecord(either(body, 'usageMetadata', 'usage_metadata'));
  const answer = countOf(usage, 'candidatesTokenCount', 'candidates_token_count');
  const thoughts = countOf(usage, 'thoughtsTokenCount', 'thoughts_token_count');
  // Gemini reports thinking apart from the answer; both count against maxOutputTokens.
  turn.outputTokens = answer === null && thoughts === null ? null : (answer ?? 0) + (thoughts ?? 0);
  turn.reasoningTokens = thoughts;
  return turn;
}

function readParts(candidate: Json, at: string, turn: Turn): void {
  const parts = either(asRecord(either(candidate, 'content')), 'parts');
  (Array.isArray(parts) ? parts : []).forEach((part, index) => {
    const where = `${at}.content.parts[${index}]`;
    if (!isRecord(part)) {
      turn.notes.push(`${where} is ${describeValue(part)}, not a part; skipped`);
      return;
    }
    const call = asRecord(either(part, 'functionCall', 'function_call'));
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
    } else {
      const said = text(part, 'text');
      if (said !== undefined && either(part, 'thought') === true) turn.reasoningSeen = true;
      else if (said !== undefined) turn.text += said;
    }
  });

  const reason = either(candidate, 'finishReason', 'finish_reason');
  if (typeof reason === 'string' && REJECTED_CALL.has(reason)) {
    // Gemini drops a call it could not parse and says so only here: keep it as a call so it is judged.
    const message = either(candidate, 'finishMessage', 'finish_message');
    turn.calls.push({
      name: nameInFinishMessage(message),
      callId: null,
      kind: 'function',
      arguments: {
        form: 'missing',
        reason: `Gemini rejected the call (finishReason "${reason}")${typeof message === 'string' ? `: ${message}` : ''}`,
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
  if (REJECTED_CALL.has(reason)) return { kind: 'malformed-call', said };
  return { kind: 'other', said };
}

function asRecord(value: unknown): Json | undefined {
  return isRecord(value) ? value : undefined;
}

function countOf(value: unknown, ...keys: string[]): number | null {
  for (const key of keys) {
    const found = count(value, key);
    if (found !== null) return found;
  }
  return null;
}
