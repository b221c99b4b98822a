/**
 * Gemini `generateContent` bodies, field for field as the REST API and `@google/genai` write
 * them: the request, function declarations, the response, its parts and usage metadata, the
 * message quoting a call Gemini could not decode, and the `streamGenerateContent` frames.
 */
import { isRecord, type Json } from '../../model/narrow.js';
import {
  dataFrame,
  type JsonObject,
  type JsonValue,
  type NeutralTool,
  type PayloadTurn,
  type PayloadWriter,
  records,
  type StreamWriter,
  stringOr,
  takeFrom,
  without,
} from '../payload.js';
import { nameInFinishMessage } from './read.js';

/** The model the writer answers as, and the `modelVersion` it reports. */
export const GEMINI_MODEL = 'gemini-2.5-flash';

/** Gemini's OpenAPI subset of a JSON Schema: upper-case types, no `additionalProperties`. */
function openApiSchema(schema: Json): JsonObject {
  const out: JsonObject = { type: String(schema.type).toUpperCase() };
  if (typeof schema.description === 'string') out.description = schema.description;
  if (Array.isArray(schema.enum)) out.enum = schema.enum as JsonValue[];
  if (isRecord(schema.properties)) {
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([key, value]) => [
        key,
        openApiSchema(isRecord(value) ? value : {}),
      ]),
    );
  }
  if (Array.isArray(schema.required) && schema.required.length > 0)
    out.required = schema.required as JsonValue[];
  return out;
}

/**
 * A function declaration: the schema as `parametersJsonSchema` (JSON Schema as given), or as
 * `parameters` converted to Gemini's OpenAPI subset (upper-case types, no
 * `additionalProperties`). Gemini has no `strict`.
 *
 * @example
 * functionDeclaration({ name: 'lookup', description: 'Look up.', parameters: { type: 'object' } }, 'parameters');
 * // { name: 'lookup', description: 'Look up.', parameters: { type: 'OBJECT' } }
 */
export function functionDeclaration(
  tool: NeutralTool,
  schemaField: 'parametersJsonSchema' | 'parameters' = 'parametersJsonSchema',
): JsonObject {
  const schema =
    schemaField === 'parameters'
      ? openApiSchema(isRecord(tool.parameters) ? tool.parameters : {})
      : tool.parameters;
  return { name: tool.name, description: tool.description, [schemaField]: schema };
}

/** What a `generateContent` request says. */
export interface GeminiRequestInput {
  system: string;
  prompt: string;
  /** `tools` entries, such as `{ functionDeclarations: [...] }`; none sends no `tools`. */
  tools?: JsonValue[] | undefined;
  generationConfig?: JsonObject | undefined;
}

/**
 * A request body as the SDK sends it.
 *
 * @example
 * geminiRequest({ system: 'Be brief.', prompt: 'Hi', generationConfig: { maxOutputTokens: 1024 } });
 */
export function geminiRequest(input: GeminiRequestInput): JsonObject {
  return {
    contents: [{ parts: [{ text: input.prompt }], role: 'user' }],
    systemInstruction: { parts: [{ text: input.system }], role: 'user' },
    ...(input.tools === undefined ? {} : { tools: input.tools }),
    ...(input.generationConfig === undefined ? {} : { generationConfig: input.generationConfig }),
  };
}

/**
 * `usageMetadata`: `answer` is `candidatesTokenCount`, `thoughts` `thoughtsTokenCount`; each is
 * left out when absent, as Gemini does.
 *
 * @example
 * geminiUsage({ prompt: 274, answer: 22, thoughts: 118 }).totalTokenCount; // 414
 */
export function geminiUsage(counts: {
  prompt: number;
  answer?: number | undefined;
  thoughts?: number | undefined;
}): JsonObject {
  const { prompt, answer, thoughts } = counts;
  return {
    promptTokenCount: prompt,
    ...(answer === undefined ? {} : { candidatesTokenCount: answer }),
    totalTokenCount: prompt + (answer ?? 0) + (thoughts ?? 0),
    promptTokensDetails: [{ modality: 'TEXT', tokenCount: prompt }],
    ...(thoughts === undefined ? {} : { thoughtsTokenCount: thoughts }),
  };
}

/**
 * A response with one candidate; the candidate's other fields (`finishMessage`) follow its index.
 *
 * @example
 * geminiResponse({ candidate: { content: { parts: [], role: 'model' }, finishReason: 'STOP' }, usage, responseId: 'abc' });
 */
export function geminiResponse(input: {
  candidate: JsonObject;
  usage: JsonObject;
  responseId: string;
  model?: string;
}): JsonObject {
  const { content, finishReason, ...rest } = input.candidate;
  return {
    candidates: [{ content, finishReason, index: 0, ...rest } as JsonObject],
    usageMetadata: input.usage,
    modelVersion: input.model ?? GEMINI_MODEL,
    responseId: input.responseId,
  };
}

/**
 * A `functionCall` part; Gemini 2.5 signs a call part while thinking is on.
 *
 * @example
 * functionCallPart('lookup_order', { order_id: 'A-1' });
 */
export const functionCallPart = (
  name: string,
  args: JsonValue,
  thoughtSignature?: string,
): JsonObject => ({
  functionCall: { name, args },
  ...(thoughtSignature === undefined ? {} : { thoughtSignature }),
});

/**
 * How Gemini quotes a call it could not parse, e.g.
 * `Malformed function call: print(default_api.create_ticket(order_id='A-5006', priority='normal'))`.
 *
 * @example
 * malformedCallMessage('lookup_order', { order_id: 'A-1001', include_items: true });
 * // "Malformed function call: print(default_api.lookup_order(order_id='A-1001', include_items=True))"
 */
export function malformedCallMessage(name: string, value: JsonValue): string {
  const python = (item: JsonValue): string => {
    if (item === null) return 'None';
    if (item === true) return 'True';
    if (item === false) return 'False';
    if (typeof item === 'string') return `'${item.replaceAll("'", "\\'")}'`;
    if (typeof item === 'number') return String(item);
    if (Array.isArray(item)) return `[${item.map(python).join(', ')}]`;
    return `{${Object.entries(item)
      .map(([key, member]) => `'${key}': ${python(member ?? null)}`)
      .join(', ')}}`;
  };
  const args =
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.entries(value).map(([key, member]) => `${key}=${python(member ?? null)}`)
      : [];
  return `Malformed function call: print(default_api.${name}(${args.join(', ')}))`;
}

/**
 * A response as `streamGenerateContent?alt=sse` frames (CRLF-framed): text pieces and whole
 * `functionCall` parts, one part a frame; the last frame carries `finishReason` and the full
 * `usageMetadata`, the others the prompt's counts only.
 *
 * @example
 * const writer = geminiStream(response);
 * writer.write(writer.texts.map((text) => [text]));
 */
export function geminiStream(response: Json): StreamWriter {
  const candidates = records(response.candidates);
  const texts: string[] = [];
  for (const candidate of candidates) {
    const content = isRecord(candidate.content) ? candidate.content : {};
    for (const part of records(content.parts))
      if (typeof part.text === 'string') texts.push(part.text);
  }
  const top = without(response, 'candidates', 'usageMetadata');
  const usage = isRecord(response.usageMetadata) ? response.usageMetadata : null;
  const runningUsage =
    usage === null
      ? {}
      : {
          usageMetadata: without(
            usage,
            'candidatesTokenCount',
            'thoughtsTokenCount',
            'totalTokenCount',
          ),
        };
  const write = (pieces: readonly (readonly string[])[]): string => {
    const take = takeFrom(pieces);
    const frames: Json[] = [];
    candidates.forEach((candidate, position) => {
      const index = typeof candidate.index === 'number' ? candidate.index : position;
      const content = isRecord(candidate.content) ? candidate.content : {};
      const role = stringOr(content.role, 'model');
      const parts: Json[] = [];
      for (const part of records(content.parts)) {
        if (typeof part.text !== 'string') {
          parts.push(part);
          continue;
        }
        const [first = '', ...rest] = take();
        parts.push({ ...part, text: first }, ...rest.map((text) => ({ text })));
      }
      const frame = (candidateBody: Json) =>
        frames.push({ candidates: [candidateBody], ...runningUsage, ...top });
      const fields = without(candidate, 'content', 'index');
      if (parts.length === 0) {
        frame({ content, ...fields, index });
        return;
      }
      parts.forEach((part, at) => {
        const last = at === parts.length - 1;
        frame({ content: { parts: [part], role }, ...(last ? fields : {}), index });
      });
    });
    // A blocked prompt has no candidates: its one frame is the whole response.
    if (frames.length === 0) frames.push({ ...response });
    const last = frames.at(-1);
    if (last !== undefined && usage !== null) last.usageMetadata = usage;
    return frames.map((frame) => dataFrame(frame, '\r\n\r\n')).join('');
  };
  return {
    texts,
    write,
    send(pieces, sent) {
      const frames = write(pieces)
        .split('\r\n\r\n')
        .filter((frame) => frame !== '');
      // Each call arrives whole, in a frame of its own: a cut falls after the last whole frame.
      const kept = sent?.cut === true ? frames.slice(0, -1) : frames;
      if (sent?.sse !== false) {
        return {
          contentType: 'text/event-stream',
          body: kept.map((frame) => `${frame}\r\n\r\n`).join(''),
        };
      }
      // Without alt=sse Gemini streams one JSON array; a cut one never closes.
      const items = kept.map((frame) => frame.replace(/^data: /, ''));
      return {
        contentType: 'application/json',
        body: `[${items.join(',\r\n')}${sent?.cut === true ? '' : ']'}`,
      };
    },
  };
}

/** The Gemini writer: a turn as `gemini-2.5-flash` answers it, tools as `parametersJsonSchema`. */
export const geminiWriter: PayloadWriter = {
  can: {
    arguments: 'decoded',
    malformedCall: { message: malformedCallMessage, quotedName: nameInFinishMessage },
    cutCalls: false,
    parallelSettings: [],
    ceilingRequired: false,
    reasoningTokens: true,
    strictTools: false,
    unwritable: {
      refused: 'Gemini has no refusal field or stop reason (a refusal is plain text there)',
    },
    streamsCallsWhole: true,
  },
  route: {
    path: /\/models\/[^/]+(?::|%3[Aa])(?:stream)?[Gg]enerateContent$/,
    streamed: (url) => /(?::|%3[Aa])stream[Gg]enerateContent$/.test(url.pathname),
    requiredField: 'contents',
  },
  callIds: (turn) => turn.calls.map(() => null),
  exchange(turn) {
    const malformed = turn.ending === 'malformed-call';
    const request = geminiRequest({
      system: turn.system,
      prompt: turn.prompt,
      tools: [{ functionDeclarations: turn.tools.map((tool) => functionDeclaration(tool)) }],
      generationConfig: turn.ceiling === undefined ? undefined : { maxOutputTokens: turn.ceiling },
    });
    const { input, output, reasoning } = turn.usage;
    const response = geminiResponse({
      candidate: candidateOf(turn),
      usage: geminiUsage({
        prompt: input,
        // A turn whose ceiling went to thinking reports no answer tokens at all.
        answer:
          malformed || turn.outcome?.kind === 'reasoning-only' ? undefined : output - reasoning,
        thoughts: reasoning > 0 ? reasoning : undefined,
      }),
      responseId: turn.ids.response.slice(0, 23),
    });
    return { request, response };
  },
  stream: (response) => geminiStream(response),
  // Google's error model (https://cloud.google.com/apis/design/errors, read 2026-12-02): the
  // HTTP status as `code` and its canonical name as `status`, 400 INVALID_ARGUMENT, 404 NOT_FOUND.
  error: (_code, message, kind = 'invalid-request') => {
    const [status, name] = kind === 'not-found' ? [404, 'NOT_FOUND'] : [400, 'INVALID_ARGUMENT'];
    return { status, body: { error: { code: status, message, status: name } }, headers: {} };
  },
};

/** The one candidate of a written turn. */
function candidateOf(turn: PayloadTurn): JsonObject {
  if (turn.ending === 'malformed-call') {
    return {
      content: {},
      finishReason: 'MALFORMED_FUNCTION_CALL',
      finishMessage: turn.malformedMessage,
    };
  }
  const { outcome } = turn;
  const calls = turn.calls.map((call) => functionCallPart(call.name, call.value));
  switch (outcome?.kind) {
    case 'filtered':
      // A candidate blocked before it wrote anything has no content, only its ratings; one
      // stopped after its calls keeps them beside the SAFETY stop.
      return {
        ...(calls.length === 0 ? {} : { content: { parts: calls, role: 'model' } }),
        finishReason: 'SAFETY',
        safetyRatings: [
          { category: 'HARM_CATEGORY_DANGEROUS_CONTENT', probability: 'HIGH', blocked: true },
        ],
      };
    case 'reasoning-only':
      return { content: { role: 'model' }, finishReason: 'MAX_TOKENS' };
    default:
      return {
        content: {
          parts: [...(outcome?.kind === 'answered' ? [{ text: outcome.text }] : []), ...calls],
          role: 'model',
        },
        // Gemini drops a call the ceiling cut, and says MAX_TOKENS for the turn it cut.
        finishReason: turn.ending === 'ceiling' ? 'MAX_TOKENS' : 'STOP',
      };
  }
}
