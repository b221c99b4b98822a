import { asList, either, recordOf } from '../../model/narrow.js';
import type { WireSurface } from '../types.js';
import { geminiHistory } from './history.js';
import { readGeminiResponse, readGeminiSettings } from './read.js';
import { createGeminiAssembler } from './stream.js';
import { readGeminiTool } from './tools.js';

/** Gemini `generateContent` and `streamGenerateContent`, REST and `@google/genai` shapes alike. */
export const gemini: WireSurface = {
  kind: 'wire',
  id: 'gemini',
  title: 'Gemini',
  response: {
    recognise: (body) =>
      Array.isArray(body.candidates) ||
      recordOf(either(body.promptFeedback, body.prompt_feedback)) !== undefined,
    alternatives: { noun: 'candidate', of: (body) => asList(body.candidates) },
    read: (body, choice) => readGeminiResponse(body, choice),
  },
  request: {
    // `contents` and `functionDeclarations` are Gemini's alone.
    specificity: 4,
    recognise: (body) =>
      Object.hasOwn(body, 'contents') ||
      // `tools` as one object is the Python SDK's shape: `{"function_declarations": [...]}`.
      (asList(body.tools) ?? [body.tools]).some((tool) => {
        const declared = recordOf(tool);
        return (
          declared !== undefined &&
          (Object.hasOwn(declared, 'functionDeclarations') ||
            Object.hasOwn(declared, 'function_declarations'))
        );
      }),
    readSettings: readGeminiSettings,
  },
  tools: readGeminiTool,
  history: geminiHistory,
  stream: {
    claims: (event) =>
      Array.isArray(event.candidates) || recordOf(event.promptFeedback) !== undefined ? 2 : 0,
    // Google's error body: `{ "error": { "code": 429, "message", "status": "RESOURCE_EXHAUSTED" } }`.
    claimsError: (event) => typeof recordOf(event.error)?.status === 'string',
    assembler: createGeminiAssembler,
    // Without alt=sse, streamGenerateContent answers `[{candidates...}\r\n,\r\n{...}]`, one
    // GenerateContentResponse per element (the Gemini cookbook's quickstarts/rest/Streaming_REST).
    jsonArray: true,
  },
  facts: {
    ceilingField: 'generationConfig.maxOutputTokens',
    cutCallsLookWhole: false,
    callItem: 'functionCall part',
    streamEnd: 'a finishReason on every candidate',
    strict: {
      provider: null,
      rules: null,
      whenUnstated: 'not-strict',
      voidedByParallelCalls: false,
      heldWithoutSerialising: true,
      advice: (name) =>
        `Set toolConfig.functionCallingConfig.mode to "VALIDATED" so Gemini holds calls to ${name} to its declared schema.`,
      source: {
        url: 'https://ai.google.dev/gemini-api/docs/function-calling',
        read: '2026-11-30',
      },
    },
  },
};
