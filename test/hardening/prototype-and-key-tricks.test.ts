/**
 * Keys that JavaScript treats specially, and JSON texts at the edge of the grammar: the
 * diagnoses read them as data, exactly as JSON.parse and the provider SDKs do, and nothing
 * leaks onto Object.prototype.
 */
import { afterEach, describe, expect, test } from 'vitest';
import {
  diagnoseCalls,
  diagnoseStrictGuarantee,
  jsonState,
  readTurn,
  reassembleStream,
} from '../../src/index.js';
import { responseWithCalls, strictTool } from './support.js';

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

/** The verdict of one call to `probe` with these arguments and this schema. */
function verdictOf(argumentsText: string, schema: unknown) {
  const [verdict] = diagnoseCalls(
    responseWithCalls([{ name: 'probe', arguments: argumentsText }]),
    {
      tools: [strictTool('probe', schema)],
    },
  );
  if (verdict === undefined) throw new Error('no verdict');
  return { state: verdict.state, problems: verdict.problems };
}

afterEach(() => {
  // Nothing a payload says may ever reach the prototype every object shares.
  expect(Object.keys(Object.prototype)).toEqual([]);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

describe('required properties named like Object.prototype keys', () => {
  const schema = {
    type: 'object',
    required: PROTOTYPE_KEYS,
    properties: Object.fromEntries(PROTOTYPE_KEYS.map((key) => [key, { type: 'integer' }])),
    additionalProperties: false,
  };

  test('are missing when absent, never found on the prototype', () => {
    expect(verdictOf('{}', schema)).toEqual({
      state: 'arguments-violate-schema',
      problems: PROTOTYPE_KEYS.map((key) => `arguments.${key}: required and missing`).sort(),
    });
  });

  test('are present when sent, and checked against their own schemas', () => {
    const all = Object.fromEntries(PROTOTYPE_KEYS.map((key) => [key, 1]));
    expect(verdictOf(JSON.stringify(all), schema)).toEqual({ state: 'dispatchable', problems: [] });
    const wrong = JSON.stringify({ ...all, constructor: 'x' }).replace(
      '"__proto__":1',
      '"__proto__":"y"',
    );
    expect(verdictOf(wrong, schema).problems).toEqual([
      'arguments.__proto__: expected integer, got string',
      'arguments.constructor: expected integer, got string',
    ]);
  });
});

describe('arguments that set __proto__', () => {
  test('are an own property, reported as not allowed, and pollute nothing', () => {
    const verdict = verdictOf('{"__proto__": {"polluted": true}, "n": 1}', {
      type: 'object',
      properties: { n: { type: 'integer' } },
      additionalProperties: false,
    });
    expect(verdict.state).toBe('arguments-violate-schema');
    expect(verdict.problems).toEqual([
      expect.stringMatching(/^arguments\.__proto__: .*not (allowed|declared)/),
    ]);
  });

  test('a payload whose fields are __proto__ and constructor reads as data', () => {
    const payload = JSON.parse(
      '{"object":"response","output":[],"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
    );
    expect(readTurn(payload).ok).toBe(true);
    expect(readTurn(JSON.stringify(payload)).ok).toBe(true);
  });
});

describe('tool names that are Object.prototype keys', () => {
  test.each(PROTOTYPE_KEYS)('a call to %s is an unknown tool unless declared', (name) => {
    const payload = responseWithCalls([{ name, arguments: '{}' }]);
    const [unknown] = diagnoseCalls(payload, { tools: [strictTool('probe', { type: 'object' })] });
    expect(unknown?.state).toBe('unknown-tool');
    const [known] = diagnoseCalls(payload, { tools: [strictTool(name, { type: 'object' })] });
    expect(known?.state).toBe('dispatchable');
  });

  test('strict tools named like prototype keys are counted as themselves', () => {
    const payload = responseWithCalls([
      { name: 'toString', arguments: '{}' },
      { name: 'constructor', arguments: '{}' },
    ]);
    const diagnosis = diagnoseStrictGuarantee(payload, {
      tools: [
        strictTool('toString', { type: 'object' }),
        strictTool('constructor', { type: 'object' }),
      ],
      parallelToolCalls: true,
    });
    expect(diagnosis.state).toBe('strict-void');
    expect(diagnosis.strictTools).toEqual(['toString', 'constructor']);
  });
});

describe('stream event types named like Object.prototype keys', () => {
  test.each(PROTOTYPE_KEYS)('a Responses output item of type %s is no call', (type) => {
    const item = { id: 'it_1', type, arguments: '{"a":1}', call_id: 'c1', name: 'probe' };
    const stream = reassembleStream([
      { type: 'response.created', response: { id: 'resp_1', object: 'response', output: [] } },
      { type: 'response.output_item.added', output_index: 0, item },
      { type: 'response.output_item.done', output_index: 0, item },
    ]);
    const output = stream.response.output as Array<Record<string, unknown>>;
    expect(output).toEqual([item]);
    expect(readTurn(stream)).toMatchObject({ ok: true, turn: { calls: [] } });
  });

  test.each(PROTOTYPE_KEYS)(
    'an Anthropic delta of type %s is a delta of an unknown type',
    (type) => {
      const stream = reassembleStream([
        {
          type: 'message_start',
          message: { id: 'msg_1', type: 'message', role: 'assistant', content: [] },
        },
        { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
        { type: 'content_block_delta', index: 0, delta: { type, text: 'hi' } },
        { type: 'content_block_stop', index: 0 },
      ]);
      expect(stream.response.content).toEqual([{ type: 'text', text: 'hi' }]);
      expect(stream.notes.join('\n')).toContain(`${type} delta of a type not known here`);
    },
  );
});

describe('JSON at the edge of the grammar', () => {
  const anyNumber = { type: 'object', properties: { n: { type: 'number' } } };

  test('duplicate keys: the last one wins, as JSON.parse and the SDKs read it', () => {
    const schema = { type: 'object', properties: { n: { type: 'integer' } } };
    expect(verdictOf('{"n": "one", "n": 1}', schema)).toEqual({
      state: 'dispatchable',
      problems: [],
    });
    expect(verdictOf('{"n": 1, "n": "one"}', schema).problems).toEqual([
      'arguments.n: expected integer, got string',
    ]);
  });

  test('-0 is a number and an integer', () => {
    expect(
      verdictOf('{"n": -0}', {
        type: 'object',
        properties: { n: { type: 'integer', minimum: 0 } },
      }),
    ).toEqual({
      state: 'dispatchable',
      problems: [],
    });
  });

  test('1e400 is a JSON number (the grammar allows it), held to maximum like any other', () => {
    expect(jsonState('{"n": 1e400}')).toBe('parses');
    expect(verdictOf('{"n": 1e400}', anyNumber)).toEqual({ state: 'dispatchable', problems: [] });
    const bounded = { type: 'object', properties: { n: { type: 'number', maximum: 1e308 } } };
    expect(verdictOf('{"n": 1e400}', bounded).problems).toEqual([
      'arguments.n: Infinity is above the maximum of 1e+308',
    ]);
  });

  test('lone surrogates and NUL characters are characters like any other', () => {
    const schema = { type: 'object', properties: { s: { type: 'string', maxLength: 3 } } };
    expect(verdictOf('{"s": "\\ud800\\u0000x"}', schema)).toEqual({
      state: 'dispatchable',
      problems: [],
    });
    expect(verdictOf('{"s": "\\udc00\\ud800\\u0000x"}', schema).problems).toEqual([
      expect.stringMatching(/ is 4 characters long, longer than the maximum of 3$/),
    ]);
    // NUL in a tool name: a name like any other, so unknown when not declared.
    const [call] = diagnoseCalls(responseWithCalls([{ name: 'probe\u0000', arguments: '{}' }]), {
      tools: [strictTool('probe', { type: 'object' })],
    });
    expect(call?.state).toBe('unknown-tool');
  });

  test('an astral character counts once against maxLength, as JSON Schema counts', () => {
    const schema = { type: 'object', properties: { s: { type: 'string', maxLength: 2 } } };
    expect(verdictOf('{"s": "😀😀"}', schema).state).toBe('dispatchable');
    expect(verdictOf('{"s": "😀😀😀"}', schema).problems).toEqual([
      'arguments.s: "😀😀😀" is 3 characters long, longer than the maximum of 2',
    ]);
  });

  test('a byte-order mark before the arguments is not JSON, and the verdict says where', () => {
    const verdict = diagnoseCalls(
      responseWithCalls([{ name: 'probe', arguments: '\uFEFF{"n": 1}' }]),
      { tools: [strictTool('probe', anyNumber)] },
    )[0];
    expect(verdict?.state).toBe('arguments-unparseable');
    expect(verdict?.detail).toMatch(/character 0|offset 0|at 0|byte-order mark/i);
  });

  test('a byte-order mark before a whole payload text is read past', () => {
    const payload = JSON.stringify(responseWithCalls([{ name: 'probe', arguments: '{}' }]));
    const read = readTurn(`\uFEFF${payload}`);
    expect(read.ok ? read.turn.calls.length : read.problem).toBe(1);
  });
});
