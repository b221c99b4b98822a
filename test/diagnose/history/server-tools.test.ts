/**
 * A call the provider's server ran, and answered in the same message, is output of the turn:
 * no client result answers it, and none is required. A call the client runs is paired with its
 * output, whichever form the output takes. Each body below has the shape the provider documents
 * (the openai 6 and @anthropic-ai/sdk types, Bedrock's Converse reference), and the classes were
 * seen answered 200 in recorded traffic.
 */
import { describe, expect, test } from 'vitest';
import { diagnoseHistory } from '../../../src/index.js';

describe('Anthropic server tools', () => {
  const request = (...messages: unknown[]) => ({
    model: 'claude-sonnet-4-5',
    max_tokens: 1024,
    messages,
  });
  const asked = { role: 'user', content: 'Is the FedEx hub in Memphis delayed?' };

  test('the MCP connector: mcp_tool_use and mcp_tool_result in one assistant message', () => {
    const verdict = diagnoseHistory({
      ...request(
        asked,
        {
          role: 'assistant',
          content: [
            {
              type: 'mcp_tool_use',
              id: 'mcptoolu_014Q35RayjACSWkSj4X2yov1',
              name: 'track',
              server_name: 'carrier',
              input: { hub: 'MEM' },
            },
            {
              type: 'mcp_tool_result',
              tool_use_id: 'mcptoolu_014Q35RayjACSWkSj4X2yov1',
              is_error: false,
              content: [{ type: 'text', text: 'Delayed 2h' }],
            },
            { type: 'text', text: 'It is running two hours late.' },
          ],
        },
        { role: 'user', content: 'Thanks' },
      ),
      mcp_servers: [{ type: 'url', url: 'https://carrier.example/mcp', name: 'carrier' }],
    });
    expect(verdict).toMatchObject({ surface: 'anthropic-messages', state: 'no-tool-history' });
  });

  test('code execution and its result, beside a client call answered in the next message', () => {
    const verdict = diagnoseHistory(
      request(
        asked,
        {
          role: 'assistant',
          content: [
            {
              type: 'server_tool_use',
              id: 'srvtoolu_01B3C5D7E9F1G3H5J7K9L1M3',
              name: 'code_execution',
              input: { code: 'print(2 * 60)' },
            },
            {
              type: 'code_execution_tool_result',
              tool_use_id: 'srvtoolu_01B3C5D7E9F1G3H5J7K9L1M3',
              content: {
                type: 'code_execution_result',
                stdout: '120\n',
                stderr: '',
                return_code: 0,
              },
            },
            {
              type: 'tool_use',
              id: 'toolu_01D7FWh9Yq9s8N3kSZkq7aBc',
              name: 'notify_customer',
              input: { minutes: 120 },
            },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_01D7FWh9Yq9s8N3kSZkq7aBc', content: 'sent' },
          ],
        },
      ),
    );
    expect(verdict).toMatchObject({ state: 'history-consistent', calls: 1, results: 1 });
  });

  test('a turn paused mid search (pause_turn) and sent back as it stands', () => {
    const verdict = diagnoseHistory(
      request(asked, {
        role: 'assistant',
        content: [
          { type: 'text', text: "I'll check for current FedEx service alerts around Memphis." },
          {
            type: 'server_tool_use',
            id: 'srvtoolu_01CFAHeHhzaEzekcXGff3Rrp',
            name: 'web_search',
            input: { query: 'FedEx Memphis hub delay' },
          },
          {
            type: 'web_search_tool_result',
            tool_use_id: 'srvtoolu_01CFAHeHhzaEzekcXGff3Rrp',
            content: [],
          },
        ],
      }),
    );
    expect(verdict).toMatchObject({ surface: 'anthropic-messages', state: 'no-tool-history' });
  });

  test('a request whose only tool blocks are server-side is read as Anthropic, not as Chat', () => {
    const verdict = diagnoseHistory(
      request(
        asked,
        {
          role: 'assistant',
          content: [
            {
              type: 'server_tool_use',
              id: 'srvtoolu_01',
              name: 'web_search',
              input: { query: 'x' },
            },
            { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_01', content: [] },
            { type: 'text', text: 'Found it.' },
          ],
        },
        { role: 'user', content: 'Thanks' },
      ),
    );
    expect(verdict.surface).toBe('anthropic-messages');
  });

  test('a content block of a type Chat never writes (an Anthropic image) is not read as Chat', () => {
    const verdict = diagnoseHistory({
      messages: [
        {
          role: 'user',
          content: [
            {
              type: 'image',
              source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' },
            },
            { type: 'text', text: 'What is in this photo?' },
          ],
        },
      ],
    });
    expect(verdict.surface).toBe('anthropic-messages');
  });
});

describe('Responses API server tools and tool search', () => {
  const request = (...input: unknown[]) => ({ model: 'gpt-5', input });
  const asked = { role: 'user', content: 'Find the exchange-rate tool.' };

  test.each([
    [
      'web_search_call',
      {
        type: 'web_search_call',
        id: 'ws_68af4030',
        status: 'completed',
        action: { type: 'search', query: 'EUR USD' },
      },
    ],
    [
      'mcp_call',
      {
        type: 'mcp_call',
        id: 'mcp_68af4031',
        server_label: 'fx',
        name: 'rate',
        arguments: '{}',
        output: '1.08',
      },
    ],
    [
      'mcp_list_tools',
      { type: 'mcp_list_tools', id: 'mcpl_68af4032', server_label: 'fx', tools: [] },
    ],
  ])('%s is the server’s: no tool history', (_type, item) => {
    expect(diagnoseHistory(request(asked, item)).state).toBe('no-tool-history');
  });

  const search = (execution: 'client' | 'server') => ({
    type: 'tool_search_call',
    id: 'tsc_68af4033',
    call_id: 'search_call_1',
    execution,
    status: 'completed',
    arguments: { queries: ['exchange rate'] },
  });

  test('a client-run tool search answered by a function_call_output (as a recorded 200 did)', () => {
    const verdict = diagnoseHistory(
      request(asked, search('client'), {
        type: 'function_call_output',
        call_id: 'search_call_1',
        output: 'Found one matching tool.',
      }),
    );
    expect(verdict).toMatchObject({ state: 'history-consistent', calls: 1, results: 1 });
  });

  test('a client-run tool search answered by a tool_search_output', () => {
    const verdict = diagnoseHistory(
      request(asked, search('client'), {
        type: 'tool_search_output',
        call_id: 'search_call_1',
        execution: 'client',
        tools: [],
      }),
    );
    expect(verdict.state).toBe('history-consistent');
  });

  test('a client-run tool search left unanswered is unanswered', () => {
    expect(diagnoseHistory(request(asked, search('client'))).state).toBe('unanswered-call');
  });

  test('a server-run tool search and its output need nothing from the client', () => {
    const verdict = diagnoseHistory(
      request(asked, search('server'), {
        type: 'tool_search_output',
        call_id: 'search_call_1',
        execution: 'server',
        tools: [],
      }),
    );
    expect(verdict.state).toBe('no-tool-history');
  });
});

describe('Bedrock Converse built-in tools (Nova)', () => {
  test('a server_tool_use toolUse answered inside the same assistant message, beside a client call', () => {
    const verdict = diagnoseHistory({
      messages: [
        { role: 'user', content: [{ text: 'What is 1234 * 5678?' }] },
        {
          role: 'assistant',
          content: [
            {
              toolUse: {
                toolUseId: 'tooluse_dV5ehBNfl1hUE-UTM9cIww',
                name: 'nova_code_interpreter',
                input: { snippet: '1234 * 5678' },
                type: 'server_tool_use',
              },
            },
            {
              toolResult: {
                toolUseId: 'tooluse_dV5ehBNfl1hUE-UTM9cIww',
                content: [{ json: { stdOut: '7006652', stdErr: '', exitCode: 0, isError: false } }],
                type: 'nova_code_interpreter_result',
                status: 'success',
              },
            },
            {
              toolUse: {
                toolUseId: 'tooluse_DaRsVjwcShCI_3pOsIsWqg',
                name: 'final_result',
                input: { result: 7006652 },
              },
            },
          ],
        },
        {
          role: 'user',
          content: [
            {
              toolResult: {
                toolUseId: 'tooluse_DaRsVjwcShCI_3pOsIsWqg',
                content: [{ text: 'Final result processed.' }],
                status: 'success',
              },
            },
            { text: 'Now multiply that by 2' },
          ],
        },
      ],
      toolConfig: { tools: [{ systemTool: { name: 'nova_code_interpreter' } }] },
    });
    expect(verdict).toMatchObject({
      surface: 'bedrock-converse',
      state: 'history-consistent',
      calls: 1,
      results: 1,
    });
  });
});

describe('servers that send no ids pair by order', () => {
  test('an id-less tool call answered by an id-less tool message (Ollama, Writer): paired, and noted', () => {
    const verdict = diagnoseHistory({
      model: 'palmyra-x5',
      messages: [
        { role: 'user', content: 'What is the weather like today?' },
        {
          role: 'assistant',
          content: '',
          tool_calls: [
            {
              type: 'function',
              function: { name: 'get_current_weather', arguments: '{"location": "San Francisco"}' },
            },
          ],
        },
        { role: 'tool', content: 'The weather in San Francisco is 70 degrees and sunny.' },
      ],
    });
    expect(verdict.state).toBe('history-consistent');
    expect(verdict.notes).toEqual([
      'messages[1].tool_calls[0] is a tool call with no id, so only a tool message with no id answers it, in order',
      'messages[2] is a tool message with no tool_call_id, so it answers only a call with no id, in order',
      'messages[2] and messages[1].tool_calls[0] carry no id, so they are paired in order, as servers that send no ids do (Ollama, Writer); tool calls that carry ids are paired by them',
    ]);
  });

  test('a tool message with no id still answers nothing when its call has one', () => {
    const verdict = diagnoseHistory({
      model: 'gpt-4.1',
      messages: [
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name: 'f', arguments: '{}' } },
          ],
        },
        { role: 'tool', content: 'ok' },
      ],
    });
    expect(verdict.state).toBe('unanswered-call');
  });
});
