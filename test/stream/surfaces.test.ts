import { describe, expect, test } from 'vitest';
import { reassembleStream } from '../../src/index.js';

/** A Chat chunk for choice 0 (or the choice given), shaped like OpenAI's. */
function chunk(delta: object, choice: object = {}, top: object = {}) {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 1767225600,
    model: 'gpt-4.1',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: null, ...choice }],
    ...top,
  };
}

const toolDelta = (call: object) => chunk({ tool_calls: [call] });
const finish = (reason: string) => chunk({}, { finish_reason: reason });

describe('Chat Completions', () => {
  test('calls merge by index, even when their deltas interleave; the notes flag what an early dispatcher got wrong', () => {
    const stream = reassembleStream([
      toolDelta({
        index: 0,
        id: 'call_a',
        type: 'function',
        function: { name: 'a', arguments: '' },
      }),
      toolDelta({
        index: 1,
        id: 'call_b',
        type: 'function',
        function: { name: 'b', arguments: '{"y"' },
      }),
      toolDelta({ index: 0, function: { arguments: '{"x": 1}' } }),
      toolDelta({ index: 1, function: { arguments: ': 2}' } }),
      finish('tool_calls'),
    ]);
    expect(stream.response).toMatchObject({
      choices: [
        {
          message: {
            tool_calls: [
              { id: 'call_a', type: 'function', function: { name: 'a', arguments: '{"x": 1}' } },
              { id: 'call_b', type: 'function', function: { name: 'b', arguments: '{"y": 2}' } },
            ],
          },
        },
      ],
    });
    expect(stream.notes).toEqual([
      '1 delta arrived for a tool call after the next call had begun; code that dispatched it then dispatched it early',
    ]);
  });

  test('id, name and type come from the first delta that has them; a repeated name is not doubled', () => {
    const stream = reassembleStream([
      toolDelta({
        index: 0,
        id: 'call_a',
        type: 'function',
        function: { name: 'get_weather', arguments: '{"city":' },
      }),
      toolDelta({
        index: 0,
        id: 'call_a',
        type: 'function',
        function: { name: 'get_weather', arguments: ' "Oslo"}' },
      }),
      finish('tool_calls'),
    ]);
    expect(stream.response).toMatchObject({
      choices: [
        {
          message: {
            tool_calls: [
              { id: 'call_a', function: { name: 'get_weather', arguments: '{"city": "Oslo"}' } },
            ],
          },
        },
      ],
    });
  });

  test('content, refusal and reasoning_content concatenate; a choice with no text keeps content null', () => {
    const stream = reassembleStream([
      chunk({ role: 'assistant', content: '', reasoning_content: 'Let me ' }),
      chunk({ reasoning_content: 'think.' }),
      chunk({ content: 'Hello' }),
      chunk({ content: ', world' }),
      finish('stop'),
    ]);
    expect(stream.response).toMatchObject({
      choices: [
        {
          message: {
            role: 'assistant',
            content: 'Hello, world',
            refusal: null,
            reasoning_content: 'Let me think.',
          },
          finish_reason: 'stop',
        },
      ],
    });
    const refusing = reassembleStream([
      chunk({ role: 'assistant', refusal: "I can't" }),
      chunk({ refusal: ' help.' }),
      finish('stop'),
    ]);
    expect(refusing.response).toMatchObject({
      choices: [{ message: { content: null, refusal: "I can't help." } }],
    });
  });

  test('a server that numbers every call 0 still gets one call per id', () => {
    const stream = reassembleStream([
      toolDelta({ index: 0, id: 'call_a', function: { name: 'a', arguments: '{}' } }),
      toolDelta({ index: 0, id: 'call_b', function: { name: 'b', arguments: '{"k":' } }),
      toolDelta({ index: 0, function: { arguments: '1}' } }),
      finish('tool_calls'),
    ]);
    expect(stream.response).toMatchObject({
      choices: [
        {
          message: {
            tool_calls: [
              { id: 'call_a', function: { name: 'a', arguments: '{}' } },
              { id: 'call_b', function: { name: 'b', arguments: '{"k":1}' } },
            ],
          },
        },
      ],
    });
    expect(stream.notes).toEqual([
      'tool call index reused with a new id 1 time; each read as a new call',
    ]);
  });

  test('a tool call delta without an index is placed by its position in the delta', () => {
    const stream = reassembleStream([
      chunk({
        tool_calls: [
          { id: 'call_a', function: { name: 'a', arguments: '{}' } },
          { id: 'call_b', function: { name: 'b', arguments: '{}' } },
        ],
      }),
      finish('tool_calls'),
    ]);
    expect(stream.response).toMatchObject({
      choices: [{ message: { tool_calls: [{ id: 'call_a' }, { id: 'call_b' }] } }],
    });
    expect(stream.notes).toEqual([
      '2 tool call deltas without an index placed by position in the delta',
    ]);
  });

  test('finish_reason from the last chunk that has it, usage from the usage-only chunk, id and model from the first chunk that has them', () => {
    const stream = reassembleStream([
      {
        id: '',
        object: '',
        created: 0,
        model: '',
        choices: [],
        prompt_filter_results: [{ prompt_index: 0 }],
      },
      chunk({ role: 'assistant', content: 'Hi' }, {}, { system_fingerprint: 'fp_9' }),
      chunk({}, { finish_reason: 'stop' }),
      {
        ...chunk({}),
        choices: [],
        usage: { prompt_tokens: 5, completion_tokens: 1, total_tokens: 6 },
      },
    ]);
    expect(stream.response).toEqual({
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1767225600,
      model: 'gpt-4.1',
      prompt_filter_results: [{ prompt_index: 0 }],
      system_fingerprint: 'fp_9',
      usage: { prompt_tokens: 5, completion_tokens: 1, total_tokens: 6 },
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: 'Hi', refusal: null },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
    });
  });

  test('several choices (n > 1) each merge on their own, with their logprobs concatenated', () => {
    const token = (text: string) => ({ token: text, logprob: -0.1, bytes: null, top_logprobs: [] });
    const stream = reassembleStream([
      chunk({ content: 'A' }, { index: 0, logprobs: { content: [token('A')], refusal: null } }),
      chunk({ content: 'B' }, { index: 1, logprobs: { content: [token('B')], refusal: null } }),
      chunk({ content: '!' }, { index: 0, logprobs: { content: [token('!')], refusal: null } }),
      chunk({}, { index: 0, finish_reason: 'stop' }),
      chunk({}, { index: 1, finish_reason: 'length' }),
    ]);
    expect(stream.response).toMatchObject({
      choices: [
        {
          index: 0,
          message: { content: 'A!' },
          logprobs: { content: [token('A'), token('!')], refusal: null },
          finish_reason: 'stop',
        },
        { index: 1, message: { content: 'B' }, finish_reason: 'length' },
      ],
    });
    expect(stream.state).toBe('complete');
  });

  test('the legacy function_call merges too', () => {
    const stream = reassembleStream([
      chunk({ role: 'assistant', content: null, function_call: { name: 'lookup', arguments: '' } }),
      chunk({ function_call: { arguments: '{"q":"x"}' } }),
      finish('function_call'),
    ]);
    expect(stream.response).toMatchObject({
      choices: [
        {
          message: { function_call: { name: 'lookup', arguments: '{"q":"x"}' } },
          finish_reason: 'function_call',
        },
      ],
    });
  });
});

const created = (id = 'resp_1') => ({
  type: 'response.created',
  response: { id, object: 'response', status: 'in_progress', model: 'gpt-5', output: [] },
});

describe('Responses', () => {
  const messageAndCall = [
    created(),
    {
      type: 'response.output_item.added',
      output_index: 0,
      item: { id: 'rs_1', type: 'reasoning', summary: [] },
    },
    {
      type: 'response.reasoning_summary_part.added',
      item_id: 'rs_1',
      output_index: 0,
      summary_index: 0,
      part: { type: 'summary_text', text: '' },
    },
    {
      type: 'response.reasoning_summary_text.delta',
      item_id: 'rs_1',
      output_index: 0,
      summary_index: 0,
      delta: 'Needs ',
    },
    {
      type: 'response.reasoning_summary_text.delta',
      item_id: 'rs_1',
      output_index: 0,
      summary_index: 0,
      delta: 'weather.',
    },
    {
      type: 'response.output_item.added',
      output_index: 1,
      item: { id: 'msg_1', type: 'message', role: 'assistant', status: 'in_progress', content: [] },
    },
    {
      type: 'response.content_part.added',
      item_id: 'msg_1',
      output_index: 1,
      content_index: 0,
      part: { type: 'output_text', text: '', annotations: [] },
    },
    {
      type: 'response.output_text.delta',
      item_id: 'msg_1',
      output_index: 1,
      content_index: 0,
      delta: 'Checking',
    },
    {
      type: 'response.output_text.delta',
      item_id: 'msg_1',
      output_index: 1,
      content_index: 0,
      delta: ' now.',
    },
    {
      type: 'response.output_item.added',
      output_index: 2,
      item: {
        id: 'fc_1',
        type: 'function_call',
        status: 'in_progress',
        arguments: '',
        call_id: 'call_1',
        name: 'get_weather',
      },
    },
    {
      type: 'response.function_call_arguments.delta',
      item_id: 'fc_1',
      output_index: 2,
      delta: '{"city":',
    },
    {
      type: 'response.function_call_arguments.delta',
      item_id: 'fc_1',
      output_index: 2,
      delta: ' "Os',
    },
  ];

  test('cut before response.completed: rebuilt from response.created and the item events; unfinished items are incomplete', () => {
    const stream = reassembleStream(messageAndCall);
    expect(stream.state).toBe('cut');
    expect(stream.openCalls).toEqual(['output[2]']);
    expect(stream.response).toEqual({
      id: 'resp_1',
      object: 'response',
      status: 'in_progress',
      model: 'gpt-5',
      output: [
        {
          id: 'rs_1',
          type: 'reasoning',
          summary: [{ type: 'summary_text', text: 'Needs weather.' }],
          status: 'incomplete',
        },
        {
          id: 'msg_1',
          type: 'message',
          role: 'assistant',
          status: 'incomplete',
          content: [{ type: 'output_text', text: 'Checking now.', annotations: [] }],
        },
        {
          id: 'fc_1',
          type: 'function_call',
          status: 'incomplete',
          arguments: '{"city": "Os',
          call_id: 'call_1',
          name: 'get_weather',
        },
      ],
    });
  });

  test('function_call_arguments.done finishes the arguments before the item is done', () => {
    const stream = reassembleStream([
      ...messageAndCall,
      {
        type: 'response.function_call_arguments.done',
        item_id: 'fc_1',
        output_index: 2,
        arguments: '{"city": "Oslo"}',
      },
    ]);
    expect(stream.openCalls).toEqual([]);
    expect((stream.response.output as object[])[2]).toMatchObject({
      arguments: '{"city": "Oslo"}',
    });
  });

  test('custom tool input streams like arguments, into `input`', () => {
    const stream = reassembleStream([
      created(),
      {
        type: 'response.output_item.added',
        output_index: 0,
        item: {
          id: 'ct_1',
          type: 'custom_tool_call',
          call_id: 'call_sql',
          name: 'write_sql',
          input: '',
        },
      },
      {
        type: 'response.custom_tool_call_input.delta',
        item_id: 'ct_1',
        output_index: 0,
        delta: 'SELECT 1',
      },
      {
        type: 'response.custom_tool_call_input.delta',
        item_id: 'ct_1',
        output_index: 0,
        delta: ' FROM t',
      },
    ]);
    expect(stream.response.output).toEqual([
      {
        id: 'ct_1',
        type: 'custom_tool_call',
        call_id: 'call_sql',
        name: 'write_sql',
        input: 'SELECT 1 FROM t',
        status: 'incomplete',
      },
    ]);
    expect(stream.openCalls).toEqual(['output[0]']);
  });

  test('a second response.created begins a new response; only the last is reassembled', () => {
    const stream = reassembleStream([
      ...messageAndCall,
      created('resp_2'),
      {
        type: 'response.completed',
        response: { id: 'resp_2', object: 'response', status: 'completed', output: [] },
      },
    ]);
    expect(stream.response).toMatchObject({ id: 'resp_2', status: 'completed', output: [] });
    expect(stream.notes).toEqual([
      'event[12] starts response resp_2 after response resp_1 (cut, 3 items); only the last response is reassembled',
    ]);
  });

  test('a terminal body with an empty output is filled from the streamed items', () => {
    const call = {
      id: 'fc_1',
      type: 'function_call',
      status: 'completed',
      arguments: '{}',
      call_id: 'call_1',
      name: 'ping',
    };
    const stream = reassembleStream([
      created(),
      {
        type: 'response.output_item.added',
        output_index: 0,
        item: { ...call, status: 'in_progress', arguments: '' },
      },
      { type: 'response.output_item.done', output_index: 0, item: call },
      {
        type: 'response.completed',
        response: { id: 'resp_1', object: 'response', status: 'completed', output: [] },
      },
    ]);
    expect(stream.response.output).toEqual([call]);
    expect(stream.notes).toEqual([
      'response.completed carried an empty output though 1 item streamed; the streamed items fill it',
    ]);
  });

  test('items are found by output_index when a proxy rotates every id (as GitHub Copilot does)', () => {
    const stream = reassembleStream([
      created('capture-id-1'),
      {
        type: 'response.in_progress',
        response: { id: 'capture-id-2', object: 'response', status: 'in_progress', output: [] },
      },
      {
        type: 'response.output_item.added',
        output_index: 0,
        item: { id: 'capture-id-3', type: 'function_call', arguments: '', call_id: 'c', name: 'f' },
      },
      {
        type: 'response.function_call_arguments.delta',
        item_id: 'capture-id-4',
        output_index: 0,
        delta: '{}',
      },
    ]);
    expect(stream.response.output).toMatchObject([{ arguments: '{}' }]);
    expect(stream.notes).toEqual([]);
  });

  test('built-in tool progress events are counted, not lost: their items arrive whole in output_item.done', () => {
    const stream = reassembleStream([
      created(),
      { type: 'response.web_search_call.searching', output_index: 0, item_id: 'ws_1' },
      { type: 'response.web_search_call.searching', output_index: 0, item_id: 'ws_1' },
    ]);
    expect(stream.notes).toEqual([
      '2 response.web_search_call.searching events not needed: the item arrives whole in response.output_item.done',
    ]);
  });
});

const messageStart = {
  type: 'message_start',
  message: {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4-5',
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: { input_tokens: 10, output_tokens: 1 },
  },
};
const blockStart = (index: number, content_block: object) => ({
  type: 'content_block_start',
  index,
  content_block,
});
const blockDelta = (index: number, delta: object) => ({
  type: 'content_block_delta',
  index,
  delta,
});
const blockStop = (index: number) => ({ type: 'content_block_stop', index });
const inputJson = (index: number, partial_json: string) =>
  blockDelta(index, { type: 'input_json_delta', partial_json });

describe('Anthropic Messages', () => {
  test('input that never became JSON: input stays an object ({}), the raw text goes to notes, the block is open', () => {
    const stream = reassembleStream([
      messageStart,
      blockStart(0, { type: 'tool_use', id: 'toolu_1', name: 'save', input: {} }),
      inputJson(0, '{"note": "half'),
      blockStop(0),
      {
        type: 'message_delta',
        delta: { stop_reason: 'max_tokens', stop_sequence: null },
        usage: { output_tokens: 64 },
      },
      { type: 'message_stop' },
    ]);
    expect(stream.state).toBe('complete');
    expect(stream.response.content).toEqual([
      { type: 'tool_use', id: 'toolu_1', name: 'save', input: {} },
    ]);
    expect(stream.response).toMatchObject({
      stop_reason: 'max_tokens',
      usage: { input_tokens: 10, output_tokens: 64 },
    });
    expect(stream.openCalls).toEqual(['content[0]']);
    expect(stream.notes).toEqual([
      'content[0] (tool_use "save"): its partial_json is truncated JSON: "{\\"note\\": \\"half"; input set to {}',
    ]);
  });

  test('a tool with no arguments streams an empty partial_json and keeps input {}', () => {
    const stream = reassembleStream([
      messageStart,
      blockStart(0, { type: 'tool_use', id: 'toolu_1', name: 'now', input: {} }),
      inputJson(0, ''),
      blockStop(0),
      { type: 'message_stop' },
    ]);
    expect(stream.response.content).toEqual([
      { type: 'tool_use', id: 'toolu_1', name: 'now', input: {} },
    ]);
    expect(stream.openCalls).toEqual([]);
  });

  test('thinking, signature and citations deltas fill their block fields', () => {
    const citation = {
      type: 'web_search_result_location',
      url: 'https://example.com',
      cited_text: 'x',
    };
    const stream = reassembleStream([
      messageStart,
      blockStart(0, { type: 'thinking', thinking: '', signature: '' }),
      blockDelta(0, { type: 'thinking_delta', thinking: 'Plan: ' }),
      blockDelta(0, { type: 'thinking_delta', thinking: 'search.' }),
      blockDelta(0, { type: 'signature_delta', signature: 'EqQB' }),
      blockStop(0),
      blockStart(1, { type: 'text', text: '' }),
      blockDelta(1, { type: 'citations_delta', citation }),
      blockDelta(1, { type: 'text_delta', text: 'Cited.' }),
      blockStop(1),
      { type: 'message_stop' },
    ]);
    expect(stream.response.content).toEqual([
      { type: 'thinking', thinking: 'Plan: search.', signature: 'EqQB' },
      { type: 'text', text: 'Cited.', citations: [citation] },
    ]);
  });

  test('unfinished input of a server tool is noted, but only client tool_use blocks are open calls', () => {
    const stream = reassembleStream([
      messageStart,
      blockStart(0, { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: {} }),
      inputJson(0, '{"query": "wea'),
    ]);
    expect(stream.state).toBe('cut');
    expect(stream.openCalls).toEqual([]);
    expect(stream.notes).toEqual([
      'content[0] (server_tool_use "web_search"): its partial_json is truncated JSON: "{\\"query\\": \\"wea"; input set to {}',
    ]);
  });

  test('blocks that arrive whole inside message_start are kept (programmatic tool calling)', () => {
    const given = { type: 'tool_use', id: 'toolu_9', name: 'rollDie', input: { player: 'p1' } };
    const stream = reassembleStream([
      { ...messageStart, message: { ...messageStart.message, content: [given] } },
      { type: 'message_stop' },
    ]);
    expect(stream.response.content).toEqual([given]);
    expect(stream.state).toBe('complete');
  });

  test('a message_start in the middle restarts the message (a spliced retry); the notes say what was dropped', () => {
    const stream = reassembleStream([
      messageStart,
      blockStart(0, { type: 'tool_use', id: 'toolu_1', name: 'f', input: {} }),
      inputJson(0, '{"a":'),
      { ...messageStart, message: { ...messageStart.message, id: 'msg_2' } },
      blockStart(0, { type: 'text', text: 'Hi' }),
      blockStop(0),
      { type: 'message_stop' },
    ]);
    expect(stream.response).toMatchObject({ id: 'msg_2', content: [{ type: 'text', text: 'Hi' }] });
    expect(stream.openCalls).toEqual([]);
    expect(stream.notes).toEqual([
      'event[3] starts message msg_2 after message msg_1 (cut, 1 streamed block); only the last message is reassembled',
    ]);
  });

  test('a delta for a block that never started is noted, not thrown', () => {
    const stream = reassembleStream([
      messageStart,
      blockDelta(4, { type: 'text_delta', text: 'x' }),
      { type: 'message_stop' },
    ]);
    expect(stream.response.content).toEqual([]);
    expect(stream.notes).toEqual([
      '1 content_block_delta for a block that never started skipped (the first at event[1])',
    ]);
  });
});

/** A Gemini frame with the given parts on candidate 0. */
function frame(parts: object[], candidate: object = {}, top: object = {}) {
  return {
    candidates: [{ content: { role: 'model', parts }, index: 0, ...candidate }],
    modelVersion: 'gemini-3-pro-preview',
    ...top,
  };
}

describe('Gemini', () => {
  test('Vertex streamed call arguments: partialArgs by JSON Path, strings in pieces, closed by the first part without willContinue', () => {
    const stream = reassembleStream([
      frame([{ functionCall: { name: 'cook', willContinue: true }, thoughtSignature: 'sig' }]),
      frame([
        {
          functionCall: {
            partialArgs: [{ jsonPath: '$.recipe.name', stringValue: 'Lasa', willContinue: true }],
            willContinue: true,
          },
        },
      ]),
      frame([
        {
          functionCall: {
            partialArgs: [{ jsonPath: '$.recipe.name', stringValue: 'gna' }],
            willContinue: true,
          },
        },
      ]),
      frame([
        {
          functionCall: {
            partialArgs: [{ jsonPath: '$.recipe.steps[0]', stringValue: 'Boil.' }],
            willContinue: true,
          },
        },
      ]),
      frame([
        {
          functionCall: {
            partialArgs: [
              { jsonPath: "$['serves']", numberValue: 4 },
              { jsonPath: '$.vegan', boolValue: false },
              { jsonPath: '$.notes', nullValue: 'NULL_VALUE' },
            ],
            willContinue: true,
          },
        },
      ]),
      frame([{ functionCall: {} }], { finishReason: 'STOP' }),
    ]);
    expect(stream.response.candidates).toEqual([
      {
        content: {
          role: 'model',
          parts: [
            {
              thoughtSignature: 'sig',
              functionCall: {
                name: 'cook',
                args: {
                  recipe: { name: 'Lasagna', steps: ['Boil.'] },
                  serves: 4,
                  vegan: false,
                  notes: null,
                },
              },
            },
          ],
        },
        finishReason: 'STOP',
        index: 0,
      },
    ]);
    expect(stream.openCalls).toEqual([]);
  });

  test('cut while a streamed call is still arriving: the arguments so far, and the part listed as open', () => {
    const stream = reassembleStream([
      frame([{ functionCall: { name: 'getWeather', willContinue: true } }]),
      frame([
        {
          functionCall: {
            partialArgs: [{ jsonPath: '$.location', stringValue: 'Bos', willContinue: true }],
            willContinue: true,
          },
        },
      ]),
    ]);
    expect(stream.state).toBe('cut');
    expect(stream.openCalls).toEqual(['candidates[0].content.parts[0]']);
    expect(stream.response.candidates).toMatchObject([
      { content: { parts: [{ functionCall: { name: 'getWeather', args: { location: 'Bos' } } }] } },
    ]);
  });

  test('thought text and answer text stay separate parts; each concatenates', () => {
    const stream = reassembleStream([
      frame([{ text: 'Think', thought: true }]),
      frame([{ text: 'ing.', thought: true }]),
      frame([{ text: 'Answer' }]),
      frame([{ text: '.', thoughtSignature: 'sig' }], { finishReason: 'STOP' }),
    ]);
    expect(stream.response.candidates).toMatchObject([
      {
        content: {
          parts: [
            { text: 'Thinking.', thought: true },
            { text: 'Answer.', thoughtSignature: 'sig' },
          ],
        },
      },
    ]);
  });

  test('several candidates merge on their own; complete once every one has a finishReason', () => {
    const two = (first: object, second: object) => ({
      candidates: [
        { index: 0, ...first },
        { index: 1, ...second },
      ],
    });
    const events = [
      two({ content: { parts: [{ text: 'A' }] } }, { content: { parts: [{ text: 'B' }] } }),
      two(
        { content: { parts: [{ text: '1' }] }, finishReason: 'STOP' },
        { content: { parts: [{ text: '2' }] } },
      ),
      {
        candidates: [{ index: 1, content: { parts: [{ text: '3' }] }, finishReason: 'MAX_TOKENS' }],
      },
    ];
    expect(reassembleStream(events.slice(0, 2)).state).toBe('cut');
    const stream = reassembleStream(events);
    expect(stream.state).toBe('complete');
    expect(stream.response.candidates).toMatchObject([
      { content: { parts: [{ text: 'A1' }] }, finishReason: 'STOP' },
      { content: { parts: [{ text: 'B23' }] }, finishReason: 'MAX_TOKENS' },
    ]);
  });

  test('a blocked prompt ends the stream with promptFeedback and no candidates', () => {
    const stream = reassembleStream([
      { promptFeedback: { blockReason: 'SAFETY' }, usageMetadata: { promptTokenCount: 9 } },
    ]);
    expect(stream).toMatchObject({
      surface: 'gemini',
      state: 'complete',
      response: { candidates: [], promptFeedback: { blockReason: 'SAFETY' } },
    });
  });

  test('a jsonPath this cannot follow is noted and skipped', () => {
    const stream = reassembleStream([
      frame([{ functionCall: { name: 'f', willContinue: true } }]),
      frame(
        [
          {
            functionCall: {
              partialArgs: [
                { jsonPath: '$..anywhere', stringValue: 'x' },
                { jsonPath: '$.ok', stringValue: 'y' },
              ],
            },
          },
        ],
        { finishReason: 'STOP' },
      ),
    ]);
    expect(stream.response.candidates).toMatchObject([
      { content: { parts: [{ functionCall: { name: 'f', args: { ok: 'y' } } }] } },
    ]);
    expect(stream.notes).toEqual(['1 partialArgs entry without a usable jsonPath skipped']);
  });

  test('a jsonPath that contradicts an earlier one is noted with its path, keys quoted as needed', () => {
    const stream = reassembleStream([
      frame([{ functionCall: { name: 'f', willContinue: true } }]),
      frame(
        [
          {
            functionCall: {
              partialArgs: [
                { jsonPath: "$['unit price']", numberValue: 4 },
                { jsonPath: "$['unit price'][0]", numberValue: 5 },
              ],
            },
          },
        ],
        { finishReason: 'STOP' },
      ),
    ]);
    expect(stream.response.candidates).toMatchObject([
      { content: { parts: [{ functionCall: { name: 'f', args: { 'unit price': 4 } } }] } },
    ]);
    expect(stream.notes).toEqual([
      'partialArgs path $["unit price"][0] goes through a value that is not an array; skipped',
    ]);
  });
});

describe('options.surface', () => {
  test('forces the surface instead of detecting it', () => {
    const stream = reassembleStream([{ type: 'message_stop' }], { surface: 'anthropic-messages' });
    expect(stream).toMatchObject({ surface: 'anthropic-messages', state: 'complete' });
  });

  test('a value that is not a surface is the one thing that throws', () => {
    expect(() => reassembleStream('', { surface: 'openai' as never })).toThrow(
      new TypeError(
        "tool-call-health: options.surface must be one of 'openai-responses', 'openai-chat', 'anthropic-messages', 'gemini', 'bedrock-converse'; got 'openai'",
      ),
    );
  });
});
