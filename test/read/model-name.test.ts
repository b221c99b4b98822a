/**
 * The model a turn names, read where the payload says it: the report's tables by model rest on it.
 */
import { describe, expect, test } from 'vitest';
import { readTurn } from '../../src/index.js';
import {
  anthropicMessage,
  anthropicRequest,
  bedrockResponse,
  chatRequest,
  chatResponse,
  geminiResponse,
  responsesResponse,
} from '../support/payloads.js';

function modelOf(input: unknown): string | undefined {
  const read = readTurn(input);
  if (!read.ok) throw new Error(read.problem);
  return read.turn.model;
}

describe('the model is read where the payload names it', () => {
  test('a response names the model that answered', () => {
    expect(modelOf({ ...responsesResponse(), model: 'gpt-5-2025-08-07' })).toBe('gpt-5-2025-08-07');
    expect(modelOf({ ...chatResponse(), model: 'gpt-4o-2024-08-06' })).toBe('gpt-4o-2024-08-06');
    expect(modelOf({ ...anthropicMessage(), model: 'claude-sonnet-4-5' })).toBe(
      'claude-sonnet-4-5',
    );
    expect(modelOf({ ...geminiResponse(), modelVersion: 'gemini-2.5-flash' })).toBe(
      'gemini-2.5-flash',
    );
  });

  test("in an exchange the response's own name wins over the request's alias", () => {
    const request = { ...chatRequest(), model: 'gpt-4o' };
    expect(modelOf({ request, response: { ...chatResponse(), model: 'gpt-4o-2024-08-06' } })).toBe(
      'gpt-4o-2024-08-06',
    );
    // Some compatible servers answer without naming the model.
    const { model: _answered, ...unnamed } = chatResponse();
    expect(modelOf({ request, response: unnamed })).toBe('gpt-4o');
    expect(modelOf({ ...anthropicRequest(), model: 'claude-haiku-4-5' })).toBe('claude-haiku-4-5');
  });

  test('a payload that names no model leaves it absent', () => {
    // Converse carries its modelId in the URL, never in the body.
    expect(modelOf(bedrockResponse())).toBeUndefined();
    expect(modelOf({ ...chatResponse(), model: 42 })).toBeUndefined();
  });
});
