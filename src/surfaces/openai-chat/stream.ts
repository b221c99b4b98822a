/**
 * Chat Completions chunks (`object: "chat.completion.chunk"`) back into a `chat.completion`.
 * Choices merge by `index`; tool calls merge by their own `index`; text fields concatenate.
 */
import type { Json } from '../../model/narrow.js';
import { asCount, asList, asText, recordOf } from '../../model/narrow.js';
import {
  type AssemblerContext,
  type Assembly,
  assign,
  byKey,
  isBlank,
  nextKey,
  type SurfaceAssembler,
  splitProgress,
} from '../../stream/assembler.js';
import { ArgumentBuffer, TextPieces } from '../../stream/buffers.js';
import type { CallProgress, CallsProgress, StreamError } from '../../stream/types.js';
import { describeValue } from '../../text/describe-value.js';
import { plural } from '../../text/plural.js';

/**
 * A call's arguments as the body holds them: the text of its fragments; when not one fragment
 * was text, the last value that was not null (an object some servers send), else `null`, so the
 * call reads as a non-streamed body holding that value does.
 */
function argumentsOf(args: ArgumentBuffer, notText: unknown = null): unknown {
  return args.seen ? args.text() : notText;
}

interface ToolCallState {
  slot: number;
  id: string | null;
  type: string | null;
  name: string | null;
  /** `custom` when the deltas carry `custom.input` rather than `function.arguments`. */
  kind: 'function' | 'custom';
  args: ArgumentBuffer;
  /** The last arguments fragment that was neither text nor null (an object), left out of `args`. */
  notText: unknown;
  extras: Json;
  /** The provider finished it: its choice got a finish_reason, or the next call began. */
  complete: boolean;
}

interface ChoiceState {
  index: number;
  role: string | null;
  content: TextPieces;
  refusal: TextPieces;
  /** Other text fields of the delta (`reasoning_content`, `reasoning`), concatenated the same way. */
  otherText: Map<string, TextPieces>;
  otherArrays: Map<string, unknown[][]>;
  otherValues: Map<string, unknown>;
  calls: Map<number, ToolCallState>;
  /** Where a provider index that was reused for a new call now points. */
  slotAliases: Map<number, number>;
  legacy: { name: string | null; args: ArgumentBuffer } | null;
  finishReason: string | null;
  logprobs: { content: unknown[][]; refusal: unknown[][] } | null;
  choiceFields: Map<string, unknown>;
}

/** Read from the first chunk that has a non-empty value; Azure's first chunk has `id: ""`, `created: 0`. */
const FIRST_WINS = new Set(['id', 'model', 'created']);
/** Per-chunk fields with no place in the non-streaming body. */
const STREAM_ONLY = new Set(['object', 'choices', 'obfuscation']);

/**
 * The Chat Completions assembler: chunks in, a `chat.completion` out. Complete with
 * `data: [DONE]`, or once every choice has a `finish_reason`: parsed chunks never carry [DONE],
 * and some servers never send it. SSE text that ends without it gets a note saying so.
 *
 * @example
 * ```ts
 * const chat = createChatAssembler({ notes: new Notebook(), framing: 'events' });
 * chat.push(chunk, 0);
 * chat.assemble().response.object; // 'chat.completion'
 * ```
 */
export function createChatAssembler({ notes, framing }: AssemblerContext): SurfaceAssembler {
  const choices = new Map<number, ChoiceState>();
  const top = new Map<string, unknown>();
  let endMarkerSeen = false;

  function choiceAt(index: number): ChoiceState {
    let choice = choices.get(index);
    if (choice === undefined) {
      choice = {
        index,
        role: null,
        content: new TextPieces(),
        refusal: new TextPieces(),
        otherText: new Map(),
        otherArrays: new Map(),
        otherValues: new Map(),
        calls: new Map(),
        slotAliases: new Map(),
        legacy: null,
        finishReason: null,
        logprobs: null,
        choiceFields: new Map(),
      };
      choices.set(index, choice);
    }
    return choice;
  }

  function readTopLevel(chunk: Json): void {
    for (const key in chunk) {
      // for-in with an own-key check: Object.entries would allocate an array per event.
      if (!Object.hasOwn(chunk, key)) continue;
      const value = chunk[key];
      const held = top.get(key);
      // Every chunk repeats id, object, created and model: nothing to do for those.
      if (held === value || STREAM_ONLY.has(key)) continue;
      if (FIRST_WINS.has(key)) {
        if (held === undefined || held === '' || held === 0 || held === null) top.set(key, value);
      } else if (!isBlank(value) || held === undefined) {
        // Later chunks win (usage arrives last), but a later null never hides a real value.
        top.set(key, value);
      }
    }
  }

  function readToolCallDelta(choice: ChoiceState, value: unknown, position: number): void {
    const raw = recordOf(value);
    if (raw === undefined) {
      notes.tally(
        'chat-junk-call',
        (count) =>
          `${plural(count, 'tool call delta')} that ${count === 1 ? 'is not an object' : 'are not objects'} skipped`,
      );
      return;
    }
    let providerIndex = asCount(raw.index);
    if (providerIndex === null) {
      notes.tally(
        'chat-no-index',
        (count) =>
          `${plural(count, 'tool call delta')} without an index placed by position in the delta`,
      );
      providerIndex = position;
    }
    let slot = choice.slotAliases.get(providerIndex) ?? providerIndex;
    let call = choice.calls.get(slot);
    const id = asText(raw.id);
    if (call !== undefined && id && call.id && id !== call.id) {
      // Some OpenAI-compatible servers number every call 0; a new id can only mean a new call.
      notes.tally(
        'chat-reused-index',
        (count) =>
          `tool call index reused with a new id ${plural(count, 'time')}; each read as a new call`,
      );
      slot = nextKey(choice.calls);
      choice.slotAliases.set(providerIndex, slot);
      call = undefined;
    }
    if (call === undefined) {
      // The next call began: the provider is done with the earlier ones.
      for (const earlier of choice.calls.values()) earlier.complete = true;
      call = {
        slot,
        id: null,
        type: null,
        name: null,
        kind: 'function',
        args: new ArgumentBuffer(),
        notText: null,
        extras: {},
        complete: choice.finishReason !== null,
      };
      choice.calls.set(slot, call);
    } else if (call.complete && choice.finishReason === null) {
      notes.tally(
        'chat-late-delta',
        (count) =>
          `${plural(count, 'delta')} arrived for a tool call after the next call had begun; code that dispatched it then dispatched it early`,
      );
      call.complete = false;
    }
    if (id && call.id === null) call.id = id;
    const type = asText(raw.type);
    if (type && call.type === null) call.type = type;
    for (const key in raw) {
      if (!Object.hasOwn(raw, key)) continue;
      const value = raw[key];
      if (key === 'index' || key === 'id' || key === 'type') continue;
      if (key === 'function' || key === 'custom') {
        const fn = recordOf(value);
        if (fn === undefined) continue;
        if (key === 'custom') call.kind = 'custom';
        const name = asText(fn.name);
        if (name && call.name === null) call.name = name;
        const argumentsKey = key === 'custom' ? 'input' : 'arguments';
        const raw = key === 'custom' ? fn.input : fn.arguments;
        if (typeof raw === 'string') {
          call.args.push(raw);
        } else if (raw !== undefined && raw !== null) {
          // Some compatible servers send the arguments as an object; the text cannot hold it.
          call.notText = raw;
          notes.tally(
            `chat-${key}-${argumentsKey}-not-text`,
            (count) =>
              `${plural(count, 'tool call delta')} whose ${key}.${argumentsKey} is ${describeValue(raw)}, not text: left out of the reassembled arguments`,
          );
        }
      } else if (value !== null) {
        assign(call.extras, key, value);
      }
    }
  }

  function readDelta(choice: ChoiceState, delta: Json): void {
    for (const key in delta) {
      if (!Object.hasOwn(delta, key)) continue;
      const value = delta[key];
      if (value === null || value === undefined) continue;
      switch (key) {
        case 'role':
          if (typeof value === 'string' && choice.role === null) choice.role = value;
          break;
        case 'content':
        case 'refusal':
          if (typeof value === 'string') choice[key].push(value);
          break;
        case 'tool_calls':
          if (Array.isArray(value)) {
            for (let position = 0; position < value.length; position++) {
              readToolCallDelta(choice, value[position], position);
            }
          }
          break;
        case 'function_call': {
          const legacy = recordOf(value);
          if (legacy !== undefined) {
            choice.legacy ??= { name: null, args: new ArgumentBuffer() };
            const name = asText(legacy.name);
            if (name && choice.legacy.name === null) choice.legacy.name = name;
            const piece = asText(legacy.arguments);
            if (piece !== undefined) choice.legacy.args.push(piece);
          }
          break;
        }
        default:
          readOtherDeltaField(choice, key, value);
      }
    }
  }

  function readOtherDeltaField(choice: ChoiceState, key: string, value: unknown): void {
    if (typeof value === 'string') {
      // Text a provider adds beside content (`reasoning_content`, `reasoning`) streams the same way.
      let pieces = choice.otherText.get(key);
      if (pieces === undefined) {
        pieces = new TextPieces();
        choice.otherText.set(key, pieces);
      }
      pieces.push(value);
    } else if (Array.isArray(value)) {
      let arrays = choice.otherArrays.get(key);
      if (arrays === undefined) {
        arrays = [];
        choice.otherArrays.set(key, arrays);
      }
      arrays.push(value);
    } else {
      if (choice.otherValues.has(key)) {
        notes.tally(
          `chat-delta-${key}`,
          (count) => `delta.${key} arrived in ${plural(count + 1, 'chunk')}; the last value kept`,
        );
      }
      choice.otherValues.set(key, value);
    }
  }

  function readChoice(value: unknown, position: number): void {
    const raw = recordOf(value);
    if (raw === undefined) {
      notes.tally(
        'chat-junk-choice',
        (count) =>
          `${plural(count, 'choice')} that ${count === 1 ? 'is not an object' : 'are not objects'} skipped`,
      );
      return;
    }
    const choice = choiceAt(asCount(raw.index) ?? position);
    const delta = recordOf(raw.delta);
    if (delta !== undefined) readDelta(choice, delta);
    if (delta !== undefined && raw.message !== undefined && raw.message !== null) {
      // Writer sends a message object beside each delta (deprecated for streaming, it says); the
      // delta is the stream, and a chunk's message would replace everything read before it.
      notes.tally(
        'chat-message-beside-delta',
        (count) =>
          `${plural(count, 'chunk')} carried a message beside the delta; the delta was read and the message left out`,
      );
    }
    const logprobs = recordOf(raw.logprobs);
    if (logprobs !== undefined) {
      choice.logprobs ??= { content: [], refusal: [] };
      const content = asList(logprobs.content);
      if (content) choice.logprobs.content.push(content);
      const refusal = asList(logprobs.refusal);
      if (refusal) choice.logprobs.refusal.push(refusal);
    }
    const finish = asText(raw.finish_reason);
    if (finish) {
      choice.finishReason = finish;
      for (const call of choice.calls.values()) call.complete = true;
    }
    for (const key in raw) {
      if (!Object.hasOwn(raw, key)) continue;
      const value = raw[key];
      if (key === 'index' || key === 'delta' || key === 'logprobs' || key === 'finish_reason') {
        continue;
      }
      if (key === 'message' && delta !== undefined) continue;
      if (!isBlank(value) || !choice.choiceFields.has(key)) choice.choiceFields.set(key, value);
    }
  }

  function orderedCalls(choice: ChoiceState): ToolCallState[] {
    return byKey(choice.calls);
  }

  function callProgress(
    choice: ChoiceState,
    choicePosition: number,
  ): Array<{ progress: CallProgress; complete: boolean }> {
    const at = `choices[${choicePosition}].message`;
    const finished = choice.finishReason !== null || endMarkerSeen;
    const calls = orderedCalls(choice).map((call, position) => ({
      progress: {
        at: `${at}.tool_calls[${position}]`,
        name: call.name ?? '',
        callId: call.id,
        arguments: call.args.text(),
        json: call.args.state,
      },
      complete: call.complete || finished,
    }));
    if (choice.legacy !== null) {
      calls.push({
        progress: {
          at: `${at}.function_call`,
          name: choice.legacy.name ?? '',
          callId: null,
          arguments: choice.legacy.args.text(),
          json: choice.legacy.args.state,
        },
        complete: finished,
      });
    }
    return calls;
  }

  function buildMessage(choice: ChoiceState): Json {
    const message: Json = {
      role: choice.role ?? 'assistant',
      content: choice.content.seen ? choice.content.text() : null,
      refusal: choice.refusal.seen ? choice.refusal.text() : null,
    };
    for (const [key, pieces] of choice.otherText) assign(message, key, pieces.text());
    for (const [key, arrays] of choice.otherArrays) assign(message, key, arrays.flat());
    for (const [key, value] of choice.otherValues) assign(message, key, value);
    const calls = orderedCalls(choice);
    if (calls.length > 0) {
      message.tool_calls = calls.map((call) => {
        const body = {
          name: call.name ?? '',
          [call.kind === 'custom' ? 'input' : 'arguments']: argumentsOf(call.args, call.notText),
        };
        const built: Json = {
          ...(call.id === null ? {} : { id: call.id }),
          type: call.type ?? call.kind,
          [call.kind]: body,
        };
        for (const [key, value] of Object.entries(call.extras)) assign(built, key, value);
        return built;
      });
    }
    if (choice.legacy !== null) {
      message.function_call = {
        name: choice.legacy.name ?? '',
        arguments: argumentsOf(choice.legacy.args),
      };
    }
    return message;
  }

  function everyChoiceFinished(): boolean {
    for (const choice of choices.values()) if (choice.finishReason === null) return false;
    return choices.size > 0;
  }

  function isComplete(): boolean {
    // A finish_reason on every choice is the provider's last word: parsed chunks never carry
    // [DONE], and some servers (Writer) never send it. A usage chunk may still follow it.
    return endMarkerSeen || everyChoiceFinished();
  }

  return {
    push(event) {
      if (endMarkerSeen) {
        notes.tally(
          'chat-after-done',
          (count) => `${plural(count, 'event')} after data: [DONE] ignored`,
        );
        return;
      }
      readTopLevel(event);
      const raw = event.choices;
      if (raw === undefined) return;
      if (!Array.isArray(raw)) {
        notes.tally(
          'chat-choices',
          (count) => `${plural(count, 'chunk')} whose choices is not a list skipped`,
        );
        return;
      }
      for (let position = 0; position < raw.length; position++) readChoice(raw[position], position);
    },
    endMarker() {
      endMarkerSeen = true;
    },
    progress(): CallsProgress {
      return splitProgress(
        byKey(choices).flatMap((choice, position) => callProgress(choice, position)),
      );
    },
    assemble(): Assembly {
      const ordered = byKey(choices);
      const response: Json = {
        id: top.get('id') ?? '',
        object: 'chat.completion',
        created: top.get('created') ?? 0,
        model: top.get('model') ?? '',
        choices: ordered.map((choice) => {
          const built: Json = {
            index: choice.index,
            message: buildMessage(choice),
            logprobs:
              choice.logprobs === null
                ? null
                : {
                    content:
                      choice.logprobs.content.length > 0 ? choice.logprobs.content.flat() : null,
                    refusal:
                      choice.logprobs.refusal.length > 0 ? choice.logprobs.refusal.flat() : null,
                  },
            finish_reason: choice.finishReason,
          };
          for (const [key, value] of choice.choiceFields) assign(built, key, value);
          return built;
        }),
      };
      for (const [key, value] of top) if (!FIRST_WINS.has(key)) assign(response, key, value);
      const state = isComplete() ? 'complete' : 'cut';
      const openCalls: string[] = [];
      const notesNow: string[] = [];
      if (state === 'cut') {
        ordered.forEach((choice, position) => {
          for (const call of callProgress(choice, position)) {
            if (!call.complete) openCalls.push(call.progress.at);
          }
        });
      }
      if (framing === 'sse' && !endMarkerSeen && state === 'complete') {
        notesNow.push(
          isBlank(top.get('usage'))
            ? 'every choice has its finish_reason, read as the end, but no data: [DONE] arrived: a usage chunk sent after the finish_reason (stream_options.include_usage) may be missing'
            : 'every choice has its finish_reason, read as the end, but no data: [DONE] arrived',
        );
      }
      return { response, state, openCalls, notes: notesNow };
    },
    terminalError(): StreamError | null {
      // Groq names why it stopped a stream early in x_groq.error (groq-sdk's ChatCompletionChunk).
      const groq = recordOf(top.get('x_groq'))?.error;
      return typeof groq === 'string' && groq !== ''
        ? { type: 'x_groq.error', message: groq }
        : null;
    },
  };
}
