/**
 * What the Responses API does with a function tool that leaves `strict` out: it rewrites the
 * schema into strict mode when it can (closing objects, requiring every property) and falls
 * back to non-strict when it cannot. `strict: null` is not "left out": it reads as false.
 */
import { describe, expect, test } from 'vitest';
import { diagnoseStrictGuarantee, readTurn } from '../../../src/index.js';
import { normaliseOmittedStrict } from '../../../src/surfaces/openai-responses/strict-default.js';

const weather = {
  type: 'object',
  properties: { location: { type: 'string', description: 'The city and state' } },
  required: ['location'],
};

/** A Responses request body with these tools, as a client sends it. */
function request(tools: unknown[], extra: Record<string, unknown> = {}) {
  return { model: 'gpt-4o-mini', input: 'What is the weather in Paris?', tools, ...extra };
}

function toolsOf(input: unknown) {
  const read = readTurn(input);
  if (!read.ok) throw new Error(read.problem);
  return { tools: read.turn.tools ?? [], notes: read.turn.notes };
}

describe('a tool sent without strict, read as the server echoes it', () => {
  // A recorded pair (gpt-4o-mini, 2026-01-21): the request left strict and additionalProperties
  // out; the response echoed the same tool with both filled in by the server.
  const sent = { type: 'function', name: 'get_weather', parameters: weather };
  const echoed = {
    type: 'function',
    name: 'get_weather',
    parameters: { ...weather, additionalProperties: false },
    strict: true,
  };

  test('the request reads strict, as its echo says, though its schema was not closed', () => {
    const fromRequest = toolsOf(request([sent])).tools[0];
    const fromEcho = toolsOf({
      object: 'response',
      status: 'completed',
      output: [],
      tools: [echoed],
    }).tools[0];
    expect(fromRequest).toMatchObject({ name: 'get_weather', strict: true, strictStated: false });
    expect(fromEcho).toMatchObject({ name: 'get_weather', strict: true, strictStated: true });
  });

  test('the note says what the server did to the schema', () => {
    expect(toolsOf(request([sent])).notes).toEqual([
      'tools[0] does not set strict, so the OpenAI Responses API rewrites its schema into strict mode (every object closed with additionalProperties: false, every property required) and it is read as strict',
    ]);
  });

  test('optional properties become required, and the note warns that the model now always sends them', () => {
    const search = {
      type: 'function',
      name: 'search',
      parameters: {
        type: 'object',
        properties: {
          query: { type: 'string' },
          limit: { type: 'integer' },
          filters: { type: 'object', properties: { since: { type: 'string' } } },
        },
        required: ['query'],
      },
    };
    const { tools, notes } = toolsOf(request([search]));
    expect(tools[0]).toMatchObject({ strict: true, strictStated: false });
    expect(notes).toEqual([
      'tools[0] does not set strict, so the OpenAI Responses API rewrites its schema into strict mode (every object closed with additionalProperties: false, every property required) and it is read as strict; its optional properties "limit", "filters", "since" become required, so the model always sends them: set strict: false to keep them optional',
    ]);
  });

  test('a schema the rewrite cannot fix falls back to non-strict, and the note says where the evidence stops', () => {
    const open = {
      type: 'function',
      name: 'annotate',
      parameters: {
        type: 'object',
        properties: { tags: { type: 'object', additionalProperties: true } },
      },
    };
    const { tools, notes } = toolsOf(request([open]));
    expect(tools[0]).toMatchObject({ strict: false, strictStated: false });
    expect(notes).toEqual([
      'tools[0] does not set strict, and its schema cannot be made strict: "tags" has additionalProperties true, but OpenAI strict mode requires false on every object — set it to false and list every key the model may send under properties. Then the OpenAI Responses API falls back to non-strict calling, so it is read as not strict; OpenAI documents its rewrite only as "when possible", so set strict yourself to be sure',
    ]);
  });

  test('strict: null is stated, and reads as false, as the server echoes it; no note', () => {
    const { tools, notes } = toolsOf(request([{ ...sent, strict: null }]));
    expect(tools[0]).toMatchObject({ strict: false, strictStated: true });
    expect(notes).toEqual([]);
  });

  test('strict: false and strict: true keep what they say, whatever the schema', () => {
    const { tools, notes } = toolsOf(
      request([
        { ...sent, name: 'off', strict: false },
        { ...sent, name: 'on', strict: true },
      ]),
    );
    expect(tools.map((tool) => [tool.name, tool.strict, tool.strictStated])).toEqual([
      ['off', false, true],
      ['on', true, true],
    ]);
    expect(notes).toEqual([]);
  });
});

describe('the strict guarantee follows the rewrite', () => {
  test('tools that leave strict out are strict, so parallel calls put the guarantee at risk', () => {
    const diagnosis = diagnoseStrictGuarantee(
      request([{ type: 'function', name: 'get_weather', parameters: weather }]),
    );
    expect(diagnosis.state).toBe('strict-at-risk');
  });

  test('strict: null tools are not strict: there is no guarantee to lose', () => {
    const diagnosis = diagnoseStrictGuarantee(
      request([{ type: 'function', name: 'get_weather', parameters: weather, strict: null }]),
    );
    expect(diagnosis.state).toBe('no-strict-declared');
  });
});

describe('normaliseOmittedStrict', () => {
  test('closes every object schema it can reach and requires every property, leaving the input as it was', () => {
    const schema = {
      type: 'object',
      properties: {
        items: {
          type: 'array',
          items: { type: 'object', properties: { sku: { type: 'string' } } },
        },
        choice: {
          anyOf: [{ type: 'object', properties: { a: { type: 'string' } } }, { type: 'null' }],
        },
        ref: { $ref: '#/$defs/address' },
      },
      $defs: { address: { type: 'object', properties: { city: { type: 'string' } } } },
    };
    const before = structuredClone(schema);
    const { schema: rewritten, madeRequired } = normaliseOmittedStrict(schema);
    expect(schema).toEqual(before);
    expect(rewritten).toEqual({
      type: 'object',
      properties: {
        items: {
          type: 'array',
          items: {
            type: 'object',
            properties: { sku: { type: 'string' } },
            additionalProperties: false,
            required: ['sku'],
          },
        },
        choice: {
          anyOf: [
            {
              type: 'object',
              properties: { a: { type: 'string' } },
              additionalProperties: false,
              required: ['a'],
            },
            { type: 'null' },
          ],
        },
        ref: { $ref: '#/$defs/address' },
      },
      $defs: {
        address: {
          type: 'object',
          properties: { city: { type: 'string' } },
          additionalProperties: false,
          required: ['city'],
        },
      },
      additionalProperties: false,
      required: ['items', 'choice', 'ref'],
    });
    expect(madeRequired).toEqual(['items', 'choice', 'ref', 'city', 'a', 'sku']);
  });

  test('an explicit additionalProperties is kept: no evidence shows the server overriding it', () => {
    const { schema } = normaliseOmittedStrict({
      type: 'object',
      properties: { a: { type: 'string' } },
      additionalProperties: true,
    });
    expect(schema).toMatchObject({ additionalProperties: true, required: ['a'] });
  });

  test('a property named like a keyword is a name, not a keyword', () => {
    const { schema } = normaliseOmittedStrict({
      type: 'object',
      properties: { properties: { type: 'string' }, items: { type: 'string' } },
    });
    expect(schema).toEqual({
      type: 'object',
      properties: { properties: { type: 'string' }, items: { type: 'string' } },
      additionalProperties: false,
      required: ['properties', 'items'],
    });
  });

  test('a schema that contains itself keeps its cycle, so the lint can report it, and ends', () => {
    const node: Record<string, unknown> = { type: 'object', properties: {} };
    (node.properties as Record<string, unknown>).self = node;
    const { schema } = normaliseOmittedStrict(node);
    const copy = schema as { properties: { self: unknown } };
    expect(copy.properties.self).toBe(copy);
    expect(copy).not.toBe(node);
    const read = readTurn(request([{ type: 'function', name: 'loop', parameters: node }]));
    expect(read.ok && read.turn.tools?.[0]?.strict).toBe(false);
  });

  test('a schema nested 20,000 levels deep is rewritten without overflowing the stack', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 20_000; level += 1) {
      deep = { type: 'object', properties: { next: deep } };
    }
    const { madeRequired } = normaliseOmittedStrict(deep);
    expect(madeRequired).toHaveLength(20_000);
  });

  test('anything that is no schema object comes back as it was', () => {
    for (const value of [undefined, null, true, 'object', 3, []]) {
      expect(normaliseOmittedStrict(value)).toEqual({ schema: value, madeRequired: [] });
    }
  });
});
