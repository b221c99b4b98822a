/**
 * An AI SDK ToolSet given as `{ tools }`: each tool's JSON Schema is the one the AI SDK hands
 * its provider (compared with what MockLanguageModelV3 receives), strict as `tool({ strict })`
 * says; a schema only a promise or a function would give is never guessed.
 */
import { generateText, jsonSchema, type ToolSet, tool, zodSchema } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { diagnoseCalls, readTurn } from '../../../src/index.js';

const ORDER = {
  type: 'object',
  properties: { order_id: { type: 'string' } },
  required: ['order_id'],
  additionalProperties: false,
} as const;

const tools = {
  by_zod: tool({
    inputSchema: z.object({
      order_id: z.string().describe('The order id'),
      lines: z.array(z.object({ sku: z.string(), qty: z.number().int().min(1) })).optional(),
      mode: z.enum(['fast', 'slow']).default('fast'),
    }),
    strict: true,
  }),
  by_json_schema: tool({ inputSchema: jsonSchema(ORDER), strict: false }),
  by_zod_schema: tool({ inputSchema: zodSchema(z.object({ n: z.number() })) }),
} satisfies ToolSet;

/** What the AI SDK hands the model for each tool: its JSON Schema and strict flag. */
async function sentToProvider(set: ToolSet) {
  const model = new MockLanguageModelV3({
    doGenerate: {
      content: [{ type: 'text', text: 'ok' }],
      finishReason: { unified: 'stop', raw: undefined },
      usage: {
        inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
        outputTokens: { total: 1, text: 1, reasoning: undefined },
      },
      warnings: [],
    },
  });
  const result = await generateText({ model, tools: set, prompt: 'x' });
  return { result, sent: model.doGenerateCalls[0]?.tools ?? [] };
}

describe('a ToolSet as the tools option', () => {
  test('each schema is the JSON Schema the AI SDK sends, with strict as declared', async () => {
    const { result, sent } = await sentToProvider(tools);
    const read = readTurn(result, { tools });
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const declared = read.turn.tools ?? [];
    expect(declared.map((tool) => tool.name)).toEqual([
      'by_zod',
      'by_json_schema',
      'by_zod_schema',
    ]);
    for (const tool of sent) {
      if (tool.type !== 'function') continue;
      const ours = declared.find((entry) => entry.name === tool.name);
      expect(ours?.schema).toEqual(tool.inputSchema);
      expect(ours?.strict).toBe(tool.strict === true);
      expect(ours?.strictStated).toBe(tool.strict !== undefined);
    }
    expect(read.turn.notes.filter((note) => note.startsWith('options.'))).toEqual([]);
  });

  test('calls are judged against it: a zod default is not required of the model', async () => {
    const model = new MockLanguageModelV3({
      doGenerate: {
        content: [
          { type: 'tool-call', toolCallId: 'c1', toolName: 'by_zod', input: '{"order_id":"A-1"}' },
          {
            type: 'tool-call',
            toolCallId: 'c2',
            toolName: 'by_zod',
            input: '{"order_id":"A-1","lines":[{"sku":"x","qty":0}]}',
          },
        ],
        finishReason: { unified: 'tool-calls', raw: undefined },
        usage: {
          inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: 9, text: 9, reasoning: undefined },
        },
        warnings: [],
      },
    });
    const result = await generateText({ model, tools, prompt: 'x' });
    expect(diagnoseCalls(result, { tools }).map((verdict) => verdict.state)).toEqual([
      'dispatchable',
      'arguments-violate-schema',
    ]);
  });

  test('a schema given as a promise or a function is not guessed, and the note says why', () => {
    const read = readTurn(
      { stepNumber: 0, content: [], finishReason: 'stop', usage: {} },
      {
        tools: {
          later: tool({ inputSchema: jsonSchema(Promise.resolve(ORDER) as never) }),
          lazy: { inputSchema: () => jsonSchema(ORDER) },
          web: { type: 'provider', id: 'openai.web_search', inputSchema: {} },
        },
      },
    );
    expect(read.ok && read.turn.tools?.map((tool) => [tool.name, tool.schema])).toEqual([
      ['later', undefined],
      ['lazy', undefined],
    ]);
    expect(read.ok && read.turn.notes.filter((note) => note.startsWith('options.'))).toEqual([
      'options.tools["later"].inputSchema gives its JSON Schema as a promise, which cannot be read synchronously; its calls are not checked against it: pass a schema that is there now (jsonSchema({...}))',
      'options.tools["lazy"].inputSchema is a function (a lazy schema), which is not called here; its calls are not checked against a schema: pass jsonSchema(...) or a zod schema',
      'options.tools["web"] is a provider-defined tool (openai.web_search); the provider runs its calls, so it is not checked',
    ]);
  });

  test('an empty object or a list is no ToolSet, and reads as it did', () => {
    const step = { stepNumber: 0, content: [], finishReason: 'stop', usage: {} };
    const empty = readTurn(step, { tools: {} });
    expect(empty.ok && empty.turn.tools).toBeNull();
    const list = readTurn(step, { tools: [{ type: 'function', name: 'x', parameters: ORDER }] });
    expect(list.ok && list.turn.tools?.map((tool) => tool.shape)).toEqual(['openai-responses']);
  });
});
