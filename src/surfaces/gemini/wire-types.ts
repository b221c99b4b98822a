/**
 * The `generateContent` bodies `geminiWriter.exchange` writes (what `toolCallResponse` yields on
 * `gemini`), as this library's own structural types: the REST wire shapes, camelCase as the API
 * writes them. No SDK is imported. `@google/genai` takes `{ model, contents, config }` rather
 * than the REST body and returns a `GenerateContentResponse` class, so these are no SDK type's
 * twin. Type aliases rather than interfaces, so a body is still a JSON record.
 */
import type { JsonObject, JsonValue } from '../payload.js';

/**
 * A function declaration with its schema as `parametersJsonSchema` (JSON Schema as given);
 * Gemini has no `strict`.
 *
 * @example
 * const declaration: GeminiFunctionDeclarationWire = { name: 'lookup_order', description: 'Look up an order.', parametersJsonSchema: { type: 'object' } };
 */
export type GeminiFunctionDeclarationWire = {
  name: string;
  description: string;
  parametersJsonSchema: JsonObject;
};

/**
 * A `generateContent` request body, as the REST API takes it.
 *
 * @example
 * const request: GeminiRequestWire = { contents: [{ parts: [{ text: 'Where is A-1001?' }], role: 'user' }], systemInstruction: { parts: [{ text: 'Be brief.' }], role: 'user' }, tools: [{ functionDeclarations: [] }] };
 */
export type GeminiRequestWire = {
  contents: [{ parts: [{ text: string }]; role: 'user' }];
  systemInstruction: { parts: [{ text: string }]; role: 'user' };
  tools: [{ functionDeclarations: GeminiFunctionDeclarationWire[] }];
  /** The output ceiling, stated only when the generated turn has one. */
  generationConfig?: { maxOutputTokens: number };
};

/**
 * A `functionCall` part; `args` is the object the API decoded.
 *
 * @example
 * const part: GeminiFunctionCallPartWire = { functionCall: { name: 'lookup_order', args: { order_id: 'A-1001' } } };
 */
export type GeminiFunctionCallPartWire = {
  functionCall: { name: string; args: { [key: string]: JsonValue | undefined } };
};

/**
 * The one candidate: the calls with `STOP` (or `MAX_TOKENS` where the ceiling cut the turn after
 * them: Gemini returns the whole calls and drops a cut one), or, where Gemini could not decode
 * the call, no parts, `MALFORMED_FUNCTION_CALL` and the `finishMessage` quoting the call.
 *
 * @example
 * if (candidate.finishReason === 'STOP') candidate.content.parts; // GeminiFunctionCallPartWire[]
 */
export type GeminiCandidateWire =
  | {
      content: { parts: GeminiFunctionCallPartWire[]; role: 'model' };
      finishReason: 'STOP' | 'MAX_TOKENS';
      index: 0;
    }
  | {
      content: Record<string, never>;
      finishReason: 'MALFORMED_FUNCTION_CALL';
      index: 0;
      finishMessage: string;
    };

/**
 * `usageMetadata`; `candidatesTokenCount` is left out of a malformed call's, and
 * `thoughtsTokenCount` where the turn spent no thinking tokens, as Gemini does.
 *
 * @example
 * const usage: GeminiUsageWire = { promptTokenCount: 274, candidatesTokenCount: 22, totalTokenCount: 296, promptTokensDetails: [{ modality: 'TEXT', tokenCount: 274 }] };
 */
export type GeminiUsageWire = {
  promptTokenCount: number;
  candidatesTokenCount?: number;
  totalTokenCount: number;
  promptTokensDetails: [{ modality: 'TEXT'; tokenCount: number }];
  thoughtsTokenCount?: number;
};

/**
 * A `generateContent` response body as the REST API sends it.
 *
 * @example
 * const [candidate] = response.candidates;
 */
export type GeminiResponseWire = {
  candidates: [GeminiCandidateWire];
  usageMetadata: GeminiUsageWire;
  modelVersion: string;
  responseId: string;
};

/**
 * A `generateContent` request and its response.
 *
 * @example
 * const { request, response }: GeminiExchangeWire = sample.payload;
 */
export type GeminiExchangeWire = { request: GeminiRequestWire; response: GeminiResponseWire };
