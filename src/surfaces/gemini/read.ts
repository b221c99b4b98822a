import type { Stop, Turn } from '../../model/model.js';
import type { Json } from '../../model/narrow.js';
import { asCount, asList, asText, either, recordOf } from '../../model/narrow.js';
import { blankTurn, modelInto } from '../../model/turn.js';
import { describeValue } from '../../text/describe-value.js';
import { saidOf, stopReasonIn } from '../stop-reasons.js';
import type { ToolsInto } from '../types.js';
import { GEMINI_STOP_REASONS } from './stop-reasons.js';

/**
 * Settings from a Gemini request: the REST body (`generationConfig`, `tools`) or the
 * `@google/genai` parameters (`config`, which holds `tools` itself). Both casings are read.
 */
export function readGeminiSettings(body: Json, at: string, turn: Turn, toolsInto: ToolsInto): void {
  const config = recordOf(
    either(either(body.generationConfig, body.generation_config), body.config),
  );
  const tools = body.tools ?? config?.tools;
  if (tools !== undefined) toolsInto(tools, `${at}tools`, turn);
  readCallingMode(body, at, turn);
  turn.maxOutputTokens = asCount(either(config?.maxOutputTokens, config?.max_output_tokens));
  if (turn.maxOutputTokens !== null) turn.maxOutputTokensField = 'maxOutputTokens';
  const mime = either(config?.responseMimeType, config?.response_mime_type);
  const schema = either(
    either(config?.responseSchema, config?.response_schema),
    either(config?.responseJsonSchema, config?.response_json_schema),
  );
  if (typeof mime === 'string') turn.expectsJson = mime === 'application/json';
  else if (schema !== undefined) turn.expectsJson = true;
}

/**
 * `toolConfig.functionCallingConfig.mode: "VALIDATED"` is Gemini's strict setting: "The model is
 * constrained to predict either function calls or natural language, and ensures function schema
 * adherence" (function-calling docs, read 2026-12-02). Its declared functions are read as strict.
 */
function readCallingMode(body: Json, at: string, turn: Turn): void {
  const config = recordOf(
    either(
      recordOf(either(body.toolConfig, body.tool_config))?.functionCallingConfig,
      recordOf(either(body.toolConfig, body.tool_config))?.function_calling_config,
    ),
  );
  const mode = asText(config?.mode);
  if (mode?.toUpperCase() !== 'VALIDATED' || turn.tools === null) return;
  let held = 0;
  for (const tool of turn.tools) {
    if (tool.kind !== 'function') continue;
    tool.strict = true;
    tool.strictStated = true;
    held += 1;
  }
  if (held > 0) {
    turn.notes.push(
      `${at}toolConfig.functionCallingConfig.mode is VALIDATED, which Gemini documents as ensuring function schema adherence: ${held === 1 ? 'its function is' : `its ${held} functions are`} read as strict`,
    );
  }
}

/** Reads a Gemini `generateContent` response (`candidates[]`), one candidate of it. */
export function readGeminiResponse(body: Json, candidateIndex: number): Turn {
  const turn = blankTurn('gemini', 'response');
  turn.id = asText(either(body.responseId, body.response_id)) ?? null;
  modelInto(turn, either(body.modelVersion, body.model_version));
  const candidates = asList(body.candidates) ?? [];
  if (candidates.length > 1) {
    turn.notes.push(
      `candidates[${candidateIndex}] of ${candidates.length} read; pass { choice: i } to read another`,
    );
  }
  const raw = candidates[candidateIndex];
  const candidate = recordOf(raw);
  const at = `candidates[${candidateIndex}]`;

  if (candidate !== undefined) {
    readParts(candidate, at, turn);
    turn.stop = geminiStop(candidate);
  } else {
    const feedback = recordOf(either(body.promptFeedback, body.prompt_feedback));
    const blocked = either(feedback?.blockReason, feedback?.block_reason);
    if (typeof blocked === 'string') {
      turn.stop = { kind: 'filter', said: `promptFeedback.blockReason "${blocked}"` };
    } else if (raw !== undefined) {
      turn.notes.push(`${at} is ${describeValue(raw)}, not a candidate`);
    }
  }

  const usage = recordOf(either(body.usageMetadata, body.usage_metadata));
  const answer = asCount(either(usage?.candidatesTokenCount, usage?.candidates_token_count));
  const thoughts = asCount(either(usage?.thoughtsTokenCount, usage?.thoughts_token_count));
  // Gemini reports thinking apart from the answer; both count against maxOutputTokens.
  turn.outputTokens = answer === null && thoughts === null ? null : (answer ?? 0) + (thoughts ?? 0);
  turn.reasoningTokens = thoughts;
  return turn;
}

function readParts(candidate: Json, at: string, turn: Turn): void {
  const parts = asList(recordOf(candidate.content)?.parts) ?? [];
  for (let index = 0; index < parts.length; index++) {
    const where = `${at}.content.parts[${index}]`;
    const part = recordOf(parts[index]);
    if (part === undefined) {
      turn.notes.push(`${where} is ${describeValue(parts[index])}, not a part; skipped`);
      continue;
    }
    const call = recordOf(either(part.functionCall, part.function_call));
    const said = asText(part.text);
    if (call !== undefined) {
      const args = call.args;
      turn.calls.push({
        name: asText(call.name) ?? '',
        callId: asText(call.id) ?? null,
        kind: 'function',
        // Gemini omits args for a function that takes none.
        arguments: { form: 'object', value: args === undefined ? {} : args },
        unfinished: false,
        at: where,
      });
    } else if (said !== undefined && part.thought === true) {
      turn.reasoningSeen = true;
    } else if (said !== undefined) {
      turn.text += said;
    } else {
      turn.otherOutput.push(`${Object.keys(part)[0] ?? 'empty part'} at ${where}`);
    }
  }

  if (either(candidate.finishReason, candidate.finish_reason) === 'MALFORMED_FUNCTION_CALL') {
    // Gemini drops a call it could not parse and says so only here: keep it as a call so it is judged.
    const message = either(candidate.finishMessage, candidate.finish_message);
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

/**
 * `finishMessage` often quotes the rejected call, e.g. `Malformed function call: print(default_api.get_weather(...))`.
 *
 * @example
 * nameInFinishMessage('Malformed function call: print(default_api.get_weather(city=Paris))'); // 'get_weather'
 */
export function nameInFinishMessage(message: unknown): string {
  if (typeof message !== 'string') return '';
  const match = /default_api\.([A-Za-z_][\w.-]*)\s*\(/.exec(message);
  return match?.[1] ?? '';
}

function geminiStop(candidate: Json): Stop {
  const reason = either(candidate.finishReason, candidate.finish_reason);
  if (typeof reason !== 'string') return { kind: 'unreported', said: null };
  return {
    kind: stopReasonIn(GEMINI_STOP_REASONS, reason)?.kind ?? 'other',
    said: saidOf(GEMINI_STOP_REASONS, reason),
  };
}
