/**
 * Gemini requests logged from the Python SDK carry `tools` as one object, not a list, in snake
 * case: `"tools": {"function_declarations": [...]}`. It is read as the one tool it is, and the
 * paths say where each declaration sits. (#17)
 */
import { describe, expect, test } from 'vitest';
import { diagnoseCalls, lintStrictSchema, readTurn } from '../../../src/index.js';
import '../../../src/vitest.js';

const declarations = [
  {
    name: 'get_weather',
    description: 'Current weather in a city.',
    parameters: {
      type: 'OBJECT',
      properties: { city: { type: 'STRING' }, unit: { type: 'STRING', enum: ['C', 'F'] } },
      required: ['city'],
    },
  },
];

const request = {
  contents: [{ role: 'user', parts: [{ text: 'Weather in Oslo?' }] }],
  tools: { function_declarations: declarations },
};

const response = {
  candidates: [
    {
      content: {
        role: 'model',
        parts: [{ functionCall: { name: 'get_weather', args: { city: 'Oslo', unit: 'K' } } }],
      },
      finishReason: 'STOP',
    },
  ],
};

describe('tools as one object with function_declarations', () => {
  test('readTurn reads its declarations, at tools.function_declarations[i]', () => {
    const read = readTurn(request);
    expect(read.ok && read.turn).toMatchObject({
      surface: 'gemini',
      source: 'request',
      tools: [
        {
          name: 'get_weather',
          kind: 'function',
          shape: 'gemini',
          at: 'tools.function_declarations[0]',
          schema: {
            type: 'object',
            properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['C', 'F'] } },
            required: ['city'],
          },
        },
      ],
      notes: [],
    });
  });

  test('the tools it declares judge the calls of the answer', () => {
    const [verdict] = diagnoseCalls({ request, response });
    expect(verdict).toMatchObject({ name: 'get_weather', state: 'arguments-violate-schema' });
  });

  test('a request with no contents is still told Gemini by its tools object', () => {
    const read = readTurn({ tools: { functionDeclarations: declarations } });
    expect(read.ok && read.turn.surface).toBe('gemini');
    expect(read.ok && read.turn.tools?.map((tool) => tool.at)).toEqual([
      'tools.functionDeclarations[0]',
    ]);
  });

  test('lintStrictSchema and toBeStrictCompatible read it as the one tool of a list', () => {
    const asList = { ...request, tools: [request.tools] };
    const [listed] = lintStrictSchema(asList, { provider: 'openai' }).problems;
    const [single] = lintStrictSchema(request, { provider: 'openai' }).problems;
    // Gemini has no strict mode: the same verdict, at the object rather than the list item.
    expect(listed).toMatchObject({ path: 'tools[0]', rule: 'not-a-tool' });
    expect(single).toEqual({ ...listed, path: 'tools' });
    expect(request).not.toBeStrictCompatible({ provider: 'openai' });
  });

  test('one bare tool where a list belongs is no group: the tools stay unknown', () => {
    const bare = { messages: [], tools: { type: 'function', function: { name: 'get_weather' } } };
    const read = readTurn(bare);
    expect(read.ok && read.turn.tools).toBeNull();
    expect(read.ok && read.turn.notes).toEqual([
      'tools is an object with keys "type", "function", not a list of tools; the tools are unknown',
    ]);
  });
});
