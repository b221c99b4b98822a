import { describe, expect, test } from 'vitest';
import {
  type ReassembledStream,
  readTurn,
  reassembleStream,
  type ToolCall,
} from '../../src/index.js';
import { CORPUS_PRESENT, corpusEvents, corpusStreams } from './streams.js';

/**
 * The Vercel AI SDK's recorded provider streams (`*.chunks.txt`): one JSON event per line, SSE
 * framing removed. Having no framing they have no `data: [DONE]` line either, so `state` is
 * judged as for parsed events: the terminal event for Responses (`response.completed` /
 * `.incomplete` / `.failed`) and Anthropic (`message_stop`), a `finish_reason` on every choice
 * for Chat, a `finishReason` on every candidate for Gemini, `messageStop` for Bedrock Converse.
 */

/** Folders of streams from the surfaces read, with the surface each must be read as. */
const SURFACE_BY_FOLDER: Record<string, string> = {
  'amazon-bedrock/src/__fixtures__/': 'bedrock-converse',
  'anthropic/src/__fixtures__/': 'anthropic-messages',
  'deepseek/src/chat/__fixtures__/': 'openai-chat',
  'google/src/__fixtures__/': 'gemini',
  'openai-compatible/src/chat/__fixtures__/': 'openai-chat',
  'openai/src/chat/__fixtures__/': 'openai-chat',
  'openai/src/responses/__fixtures__/': 'openai-responses',
};

/** Streams that are not one of the surfaces read, and why they are left out. */
const EXCLUDED: Record<string, string> = {
  'google/src/interactions/__fixtures__/':
    "Google's Interactions API (interaction.created, step.start, ...): another protocol than generateContent",
  'google/src/speech-translation/__fixtures__/':
    "the Live API's WebSocket messages (setupComplete, serverContent), not a response stream",
  'openai/src/completion/__fixtures__/':
    'the legacy Completions endpoint (object "text_completion"), which has no tool calls',
  'openai/src/speech-translation/__fixtures__/':
    "the Realtime API's WebSocket events (session.created, ...), not a response stream",
};

/** Included streams that are not complete, and why. */
const NOT_COMPLETE: Record<string, string> = {
  // Its first and last lines each lack a closing brace: the terminal event is unreadable.
  'openai/src/responses/__fixtures__/parallel-tool-call-wrapper.1.chunks.txt': 'cut',
};

const folderOf = (file: string) => file.slice(0, file.lastIndexOf('/') + 1);
const all = corpusStreams();
const included = all.filter((file) => SURFACE_BY_FOLDER[folderOf(file)] !== undefined);
const excluded = all.filter((file) => EXCLUDED[folderOf(file)] !== undefined);

const read = (file: string) => reassembleStream(corpusEvents(file));

/** The Bedrock streams the corpus holds, named so a new or renamed one shows in the diff. */
const bedrockStreams = [
  'amazon-bedrock-json-only-text-first.1',
  'amazon-bedrock-json-other-tool.1',
  'amazon-bedrock-json-tool-text-then-weather-then-json.1',
  'amazon-bedrock-json-tool.1',
  'amazon-bedrock-json-tool.2',
  'amazon-bedrock-json-tool.3',
  'amazon-bedrock-json-with-tool.1',
  'amazon-bedrock-json-with-tools.1',
  'amazon-bedrock-reasoning',
  'amazon-bedrock-text',
  'amazon-bedrock-tool-call.1',
  'amazon-bedrock-tool-no-args',
].map((name) => `amazon-bedrock/src/__fixtures__/${name}.chunks.txt`);

/** The turn the library's reader makes of a stream; fails the test when it cannot. */
function turnOf(stream: ReassembledStream) {
  const result = readTurn(stream);
  if (!result.ok) throw new Error(result.problem);
  return result.turn;
}

/** The decoded arguments of every call the reader finds. */
function callsOf(stream: ReassembledStream) {
  return turnOf(stream).calls.map((call) => ({
    name: call.name,
    arguments:
      call.arguments.form === 'json-text'
        ? (JSON.parse(call.arguments.text) as unknown)
        : call.arguments.form === 'missing'
          ? undefined
          : call.arguments.form === 'object'
            ? call.arguments.value
            : call.arguments.text,
  }));
}

/** A call's arguments as the reader holds them: the form, and what a decoded form decodes to. */
function argumentShape({ arguments: args }: ToolCall): string {
  const kind = (value: unknown) =>
    value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  if (args.form === 'json-text') return `json-text of an ${kind(JSON.parse(args.text))}`;
  if (args.form === 'object') return `decoded ${kind(args.value)}`;
  return args.form;
}

/** The shape of a function call's arguments on each surface. */
const SHAPE_BY_SURFACE: Record<string, string> = {
  'openai-responses': 'json-text of an object',
  'openai-chat': 'json-text of an object',
  'anthropic-messages': 'decoded object',
  gemini: 'decoded object',
  'bedrock-converse': 'decoded object',
};

describe.skipIf(!CORPUS_PRESENT)(
  `recorded provider streams${CORPUS_PRESENT ? '' : ' (skipped: ../shared/corpora/provider-recordings not found)'}`,
  () => {
    test('every file is either read as one of the surfaces or excluded with a reason', () => {
      expect(included.length).toBe(78 + bedrockStreams.length);
      expect(included.filter((file) => file.startsWith('amazon-bedrock/'))).toEqual(bedrockStreams);
      expect(excluded).toHaveLength(all.length - included.length);
      expect(excluded).toEqual([
        'google/src/interactions/__fixtures__/basic.chunks.txt',
        'google/src/interactions/__fixtures__/google-search.chunks.txt',
        'google/src/interactions/__fixtures__/multi-turn-stateful-turn1.chunks.txt',
        'google/src/interactions/__fixtures__/multi-turn-stateful-turn2.chunks.txt',
        'google/src/interactions/__fixtures__/multi-turn-stateless-turn1.chunks.txt',
        'google/src/interactions/__fixtures__/multi-turn-stateless-turn2.chunks.txt',
        'google/src/interactions/__fixtures__/tool-call-step1.chunks.txt',
        'google/src/interactions/__fixtures__/tool-call-step2.chunks.txt',
        'google/src/speech-translation/__fixtures__/google-live-speech-translation.chunks.txt',
        'openai/src/completion/__fixtures__/openai-completion-text.chunks.txt',
        'openai/src/speech-translation/__fixtures__/openai-realtime-speech-translation.chunks.txt',
      ]);
    });

    test.each(included)(
      '%s reassembles to its surface’s response, complete, every call’s arguments decodable',
      (file) => {
        const events = corpusEvents(file);
        const stream = reassembleStream(events);
        expect(stream.surface).toBe(SURFACE_BY_FOLDER[folderOf(file)]);
        expect(stream.events).toBe(events.length);
        expect(stream.state).toBe(NOT_COMPLETE[file] ?? 'complete');
        expect(stream.openCalls).toEqual([]);
        // Every call's arguments come in its surface's form and decode to an object; none is
        // missing. An OpenAI custom tool's input is free text.
        for (const call of turnOf(stream).calls) {
          expect(argumentShape(call)).toBe(
            call.kind === 'custom' ? 'free-text' : SHAPE_BY_SURFACE[stream.surface ?? ''],
          );
        }
      },
    );

    test.each(excluded)('%s is not misread: it shows no surface, and the notes say so', (file) => {
      const stream = read(file);
      expect(stream.state).toBe('cut');
      expect(stream.response).toMatchObject({ choices: [] });
      expect(stream.notes.at(-1)).toMatch(/showed no provider API this reads/);
    });

    describe('concrete fields, as each provider documents them', () => {
      test('DeepSeek: one call, arguments concatenated from one-token deltas, reasoning_content kept, usage from the finish chunk', () => {
        const stream = read('deepseek/src/chat/__fixtures__/deepseek-tool-call.chunks.txt');
        expect(callsOf(stream)).toEqual([
          { name: 'weather', arguments: { location: 'San Francisco' } },
        ]);
        expect(stream.response).toMatchObject({
          object: 'chat.completion',
          model: 'deepseek-reasoner',
          choices: [
            {
              finish_reason: 'tool_calls',
              message: {
                tool_calls: [{ id: 'call_00_ioIn7yN9p1ZOMNpDLwd4MgAF', type: 'function' }],
              },
            },
          ],
          usage: { prompt_tokens: 339, completion_tokens: 83, total_tokens: 422 },
        });
        const message = (
          stream.response.choices as Array<{ message: { reasoning_content: string } }>
        )[0]!.message;
        expect(message.reasoning_content).toMatch(
          /^The user is asking for the weather in San Francisco/,
        );
      });

      test('xAI: the whole call in one delta, usage from the usage-only chunk', () => {
        const stream = read('openai-compatible/src/chat/__fixtures__/xai-tool-call.chunks.txt');
        expect(callsOf(stream)).toEqual([
          { name: 'weather', arguments: { location: 'San Francisco' } },
        ]);
        expect(stream.response).toMatchObject({
          choices: [{ finish_reason: 'tool_calls' }],
          usage: {
            prompt_tokens: 307,
            completion_tokens: 26,
            completion_tokens_details: { reasoning_tokens: 227 },
          },
        });
      });

      test('Azure: the first chunk (empty id, object "", no choices) gives its prompt_filter_results; the id comes from the next', () => {
        const stream = read('openai/src/chat/__fixtures__/azure-model-router.1.chunks.txt');
        expect(stream.response).toMatchObject({
          id: 'chatcmpl-CYPS1lijGoK8gd9lYzY3r9Sx50nbt',
          created: 1762317021,
          prompt_filter_results: [{ prompt_index: 0 }],
          choices: [{ message: { content: 'Capital of Denmark.' }, finish_reason: 'stop' }],
          usage: { completion_tokens: 78, total_tokens: 93 },
        });
      });

      test('OpenAI Chat text: 300 content deltas joined, finish_reason "stop"', () => {
        const stream = read('openai/src/chat/__fixtures__/openai-text.chunks.txt');
        const turn = turnOf(stream);
        expect(turn.stop).toEqual({ kind: 'finished', said: 'finish_reason "stop"' });
        expect(turn.text.startsWith('**Holiday')).toBe(true);
        expect(stream.response).toMatchObject({
          usage: { completion_tokens: 300, total_tokens: 316 },
        });
      });

      test('Responses: the function call of the completed body, arguments that parse', () => {
        const stream = read('openai/src/responses/__fixtures__/openai-tool-search.1.chunks.txt');
        expect(callsOf(stream)).toEqual([
          { name: 'get_weather', arguments: { location: 'San Francisco, CA', unit: 'fahrenheit' } },
        ]);
        expect(stream.response).toMatchObject({
          status: 'completed',
          usage: { total_tokens: expect.any(Number) },
        });
      });

      test('Responses custom tool: free-text input', () => {
        const stream = read('openai/src/responses/__fixtures__/openai-custom-tool.1.chunks.txt');
        expect(callsOf(stream)).toEqual([
          { name: 'write_sql', arguments: 'SELECT * FROM users WHERE age > 25' },
        ]);
      });

      test('Responses error: an error event, then response.failed: complete, and the error reported', () => {
        const stream = read('openai/src/responses/__fixtures__/openai-error.1.chunks.txt');
        expect(stream.state).toBe('complete');
        expect(stream.error?.type).toBe('insufficient_quota');
        expect(stream.error?.message).toMatch(/^You exceeded your current quota/);
        expect(turnOf(stream).stop.kind).toBe('failed');
      });

      test('Responses with a broken recording: the terminal line is not JSON, so the stream is cut and rebuilt from its items', () => {
        const stream = read(
          'openai/src/responses/__fixtures__/parallel-tool-call-wrapper.1.chunks.txt',
        );
        expect(stream.notes.filter((note) => note.includes('is not JSON'))).toHaveLength(2);
        expect(callsOf(stream)).toEqual([
          {
            name: 'parallel',
            arguments: {
              tool_uses: [
                { recipient_name: 'functions.weather', parameters: { location: 'San Francisco' } },
                { recipient_name: 'functions.cityAttractions', parameters: { city: 'Rome' } },
              ],
            },
          },
        ]);
      });

      test('Responses recordings of several requests: only the last response is reassembled, and the notes say so', () => {
        const stream = read(
          'openai/src/responses/__fixtures__/openai-reasoning-encrypted-content.1.chunks.txt',
        );
        expect(stream.response.id).toBe('resp_01830d662ab3856501693c3217ba4c8190a3ddf6c839d4f12a');
        expect(stream.notes.filter((note) => note.includes('only the last response'))).toHaveLength(
          3,
        );
      });

      test('Anthropic tool_use: partial_json pieces parsed into input; stop_reason and usage from message_delta', () => {
        const stream = read('anthropic/src/__fixtures__/anthropic-json-tool.1.chunks.txt');
        expect(callsOf(stream)).toEqual([
          {
            name: 'json',
            arguments: {
              elements: [{ location: 'San Francisco', temperature: 58, condition: 'sunny' }],
            },
          },
        ]);
        expect(stream.response).toMatchObject({ type: 'message', stop_reason: 'tool_use' });
      });

      test('Anthropic tool without arguments: an empty partial_json leaves input {}', () => {
        const stream = read('anthropic/src/__fixtures__/anthropic-tool-no-args.chunks.txt');
        expect(callsOf(stream)).toEqual([{ name: 'updateIssueList', arguments: {} }]);
      });

      test('Anthropic web search: citations deltas collected on their text blocks, the server tool input parsed', () => {
        const stream = read('anthropic/src/__fixtures__/anthropic-web-search-tool.1.chunks.txt');
        const content = stream.response.content as Array<{
          type: string;
          citations?: unknown[];
          input?: unknown;
        }>;
        const citations = content.flatMap((block) => block.citations ?? []);
        expect(citations).toHaveLength(14);
        expect(content[0]).toMatchObject({
          type: 'server_tool_use',
          input: { query: expect.any(String) },
        });
      });

      test('Anthropic refusal: no content, stop_reason and stop_details from message_delta', () => {
        const stream = read('anthropic/src/__fixtures__/anthropic-refusal.chunks.txt');
        expect(stream.response).toMatchObject({
          content: [],
          stop_reason: 'refusal',
          stop_details: { type: 'refusal', category: 'cyber' },
        });
      });

      test('Anthropic spliced and duplicated message_start: the message that finished is the one reassembled', () => {
        const spliced = read('anthropic/src/__fixtures__/spliced-message-start.chunks.txt');
        expect(spliced.response.id).toBe('msg_second');
        expect(callsOf(spliced)).toEqual([
          { name: 'test-tool', arguments: { value: 'Sparkle Day' } },
        ]);
        const duplicated = read('anthropic/src/__fixtures__/duplicate-message-start.chunks.txt');
        expect(duplicated.response.content).toEqual([{ type: 'text', text: 'Hello, World!' }]);
        expect(duplicated.notes).toEqual([
          'event[1] repeats message_start before any content; the later one kept',
        ]);
      });

      test('Gemini: whole functionCall parts, and Vertex calls streamed as partialArgs, each one call', () => {
        expect(
          callsOf(read('google/src/__fixtures__/google-stream-tool-call-arguments.chunks.txt')),
        ).toEqual([
          { name: 'getWeather', arguments: { location: 'Boston' } },
          { name: 'getWeather', arguments: { location: 'San Francisco' } },
        ]);
        expect(
          callsOf(read('google/src/__fixtures__/google-stream-no-args-tool-call.chunks.txt')),
        ).toEqual([
          { name: 'read_theme', arguments: {} },
          { name: 'read_screen', arguments: { id: 'A' } },
          { name: 'read_screen', arguments: { id: 'B' } },
          { name: 'read_screen', arguments: { id: 'C' } },
        ]);
      });

      test('Gemini on Vertex, nested paths: arrays of objects built from $.recipe.ingredients[i].name, strings joined across parts', () => {
        const stream = read(
          'google/src/__fixtures__/google-vertex-stream-tool-call-arguments-nested.1.chunks.txt',
        );
        const [call] = callsOf(stream);
        const args = call?.arguments as {
          recipe: { name: string; ingredients: unknown[]; steps: string[] };
        };
        expect(call?.name).toBe('cookRecipe');
        expect(args.recipe.name).toBe('Lasagna');
        expect(args.recipe.ingredients).toHaveLength(10);
        expect(args.recipe.ingredients[0]).toEqual({ amount: '16 oz', name: 'Lasagna noodles' });
        expect(args.recipe.steps[1]).toBe(
          'Cook lasagna noodles according to package directions, drain and set aside.',
        );
        expect(stream.response).toMatchObject({ candidates: [{ finishReason: 'STOP' }] });
      });

      test('Gemini on Vertex without the closing functionCall {}: the last part without willContinue closes the call', () => {
        const stream = read(
          'google/src/__fixtures__/google-stream-tool-call-array-arguments-missing-terminal-function-call.chunks.txt',
        );
        expect(callsOf(stream)).toEqual([
          {
            name: 'writeItems',
            arguments: {
              operations: [
                { action: 'add', description: 'Fresh red apple', itemid: 'apple_001', price: 0.5 },
                {
                  action: 'add',
                  description: 'Ripe yellow banana',
                  itemid: 'banana_001',
                  price: 0.3,
                },
              ],
            },
          },
        ]);
      });
    });

    test.each(included.filter((file) => file.startsWith('openai/src/responses/')))(
      '%s rebuilt from its deltas alone (no output_item.done, no terminal event) has the same calls and text',
      (file) => {
        const events = corpusEvents(file) as Array<{ type?: string }>;
        // A recording of several requests holds several responses; compare the last one.
        const starts = events.flatMap((event, index) =>
          event?.type === 'response.created' ? [index] : [],
        );
        const last = events.slice(starts.at(-1) ?? 0);
        const final = reassembleStream(last).response.output as Array<Record<string, unknown>>;
        const rebuilt = reassembleStream(
          last.filter(
            (event) =>
              !['response.completed', 'response.output_item.done'].includes(event?.type ?? ''),
          ),
        ).response.output as Array<Record<string, unknown>>;
        const comparable = (items: Array<Record<string, unknown>>) =>
          items.map((item) => {
            switch (item.type) {
              case 'function_call':
                return {
                  type: item.type,
                  name: item.name,
                  call_id: item.call_id,
                  arguments: item.arguments,
                };
              case 'custom_tool_call':
                return { type: item.type, name: item.name, input: item.input };
              case 'message':
                return {
                  type: item.type,
                  text: (item.content as Array<{ text?: string }>).map((part) => part.text),
                };
              case 'reasoning':
                return { type: item.type, summary: item.summary };
              default:
                return { type: item.type };
            }
          });
        expect(comparable(rebuilt)).toEqual(comparable(final));
      },
    );
    describe('Bedrock ConverseStream, against the Converse body recorded beside it', () => {
      test('reasoning streamed as delta.reasoningContent.{text, signature} rebuilds reasoningText', () => {
        const stream = read('amazon-bedrock/src/__fixtures__/amazon-bedrock-reasoning.chunks.txt');
        expect(stream).toMatchObject({ surface: 'bedrock-converse', state: 'complete' });
        const content = (stream.response.output as { message: { content: unknown[] } }).message
          .content;
        expect(content[0]).toEqual({
          reasoningContent: {
            reasoningText: {
              text: 'Let me count the r\'s in "strawberry":\n\ns-t-r-a-w-b-e-r-r-y\n\nr appears at positions 3, 8, and 9.\n\nSo there are 3 r\'s.',
              signature: expect.stringMatching(/^Ep0CCkgICxAB/),
            },
          },
        });
        expect(stream.response.stopReason).toBe('end_turn');
        expect(turnOf(stream)).toMatchObject({ reasoningSeen: true, stop: { kind: 'finished' } });
      });

      test('a call with no arguments streams one empty input piece and reads as {}', () => {
        const stream = read(
          'amazon-bedrock/src/__fixtures__/amazon-bedrock-tool-no-args.chunks.txt',
        );
        expect(callsOf(stream)).toEqual([{ name: 'updateIssueList', arguments: {} }]);
        // metadata came before messageStop here: the usage is kept all the same.
        expect(turnOf(stream).outputTokens).toBe(25);
      });

      test('text blocks without contentBlockStart, and toolUse blocks with one, keep their order', () => {
        const stream = read(
          'amazon-bedrock/src/__fixtures__/amazon-bedrock-json-tool-text-then-weather-then-json.1.chunks.txt',
        );
        const content = (stream.response.output as { message: { content: object[] } }).message
          .content;
        expect(content.map((block) => Object.keys(block)[0])).toEqual([
          'text',
          'toolUse',
          'toolUse',
        ]);
        expect(callsOf(stream).map((call) => call.name)).toEqual(['weather', 'weather']);
      });
    });
  },
);
