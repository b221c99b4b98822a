/**
 * Anthropic Messages events back into a `message`: `message_start` gives the shell, content
 * blocks build up by `index`, `message_delta` brings the stop reason and usage, `message_stop`
 * ends it. Tool input streams as `partial_json` pieces that only parse once complete.
 */
import type { Json } from '../../model/narrow.js';
import { asCount, asList, asText, isRecord, recordOf } from '../../model/narrow.js';
import {
  type AssemblerContext,
  type Assembly,
  argumentsText,
  assign,
  type SurfaceAssembler,
  splitProgress,
} from '../../stream/assembler.js';
import { ArgumentBuffer, TextPieces } from '../../stream/buffers.js';
import { preview } from '../../stream/notes.js';
import type { CallProgress, CallsProgress, StreamError } from '../../stream/types.js';
import { plural } from '../../text/plural.js';

interface BlockState {
  block: Json;
  /** Text fields filled by deltas: `text`, `thinking`, `signature`, a compaction's `content`. */
  texts: Map<string, TextPieces>;
  /** The `partial_json` pieces of a block that carries `input`. */
  input: ArgumentBuffer | null;
  citations: unknown[];
  stopped: boolean;
}

/** Delta types and the block field each one's text extends. */
const TEXT_DELTAS = new Map([
  ['text_delta', 'text'],
  ['thinking_delta', 'thinking'],
  ['signature_delta', 'signature'],
  ['compaction_delta', 'content'],
]);

/** One slot of the content array: a block that arrived whole in `message_start`, or a streamed one. */
type Slot = { kind: 'given'; block: unknown } | { kind: 'streamed'; state: BlockState };

/**
 * The Anthropic assembler: Messages stream events in, a `message` out. Complete with
 * `message_stop`.
 *
 * @example
 * ```ts
 * const anthropic = createAnthropicAssembler({ notes: new Notebook(), framing: 'sse' });
 * anthropic.push(messageStart, 0);
 * anthropic.assemble().response.type; // 'message'
 * ```
 */
export function createAnthropicAssembler({ notes }: AssemblerContext): SurfaceAssembler {
  let message: Json | null = null;
  let blocks = new Map<number, BlockState>();
  let deltaFields: Json = {};
  let usage: Json | null = null;
  let stopped = false;

  function start(event: Json, position: number): void {
    const raw = recordOf(event.message);
    if (raw === undefined) {
      notes.add(`event[${position}] message_start carries no message object; skipped`);
      return;
    }
    if (message !== null) {
      const previous = asText(message.id) ?? '(no id)';
      if (stopped || blocks.size > 0) {
        notes.add(
          `event[${position}] starts message ${asText(raw.id) ?? '(no id)'} after message ${previous} ` +
            `(${stopped ? 'complete' : 'cut'}, ${plural(blocks.size, 'streamed block')}); only the last message is reassembled`,
        );
      } else {
        notes.add(
          `event[${position}] repeats message_start before any content; the later one kept`,
        );
      }
    }
    message = { ...raw };
    blocks = new Map();
    deltaFields = {};
    usage = null;
    stopped = false;
  }

  function startBlock(event: Json, position: number): void {
    const raw = recordOf(event.content_block);
    const index = asCount(event.index);
    if (raw === undefined || index === null) {
      notes.add(`event[${position}] content_block_start lacks its index or block; skipped`);
      return;
    }
    if (blocks.has(index)) {
      notes.add(
        `event[${position}] starts content block ${index} a second time; the later start kept`,
      );
    }
    const type = asText(raw.type) ?? '';
    const carriesInput = Object.hasOwn(raw, 'input') || type.endsWith('tool_use');
    blocks.set(index, {
      block: { ...raw },
      texts: new Map(),
      input: carriesInput ? new ArgumentBuffer() : null,
      citations: [],
      stopped: false,
    });
  }

  function extendText(state: BlockState, key: string, piece: string): void {
    let pieces = state.texts.get(key);
    if (pieces === undefined) {
      pieces = new TextPieces();
      // The start block holds the text so far (usually ""); deltas extend it.
      const initial = Object.hasOwn(state.block, key) ? asText(state.block[key]) : undefined;
      if (initial) pieces.push(initial);
      state.texts.set(key, pieces);
    }
    pieces.push(piece);
  }

  function readDelta(event: Json, position: number): void {
    const index = asCount(event.index);
    const state = index === null ? undefined : blocks.get(index);
    const delta = recordOf(event.delta);
    if (state === undefined || delta === undefined) {
      notes.tally(
        'anthropic-orphan-delta',
        (count) =>
          `${plural(count, 'content_block_delta')} for a block that never started skipped (the first at event[${position}])`,
      );
      return;
    }
    if (state.stopped) {
      notes.tally(
        'anthropic-late-delta',
        (count) => `${plural(count, 'delta')} after its block's content_block_stop applied`,
      );
    }
    const type = asText(delta.type) ?? '';
    if (type === 'input_json_delta') {
      const piece = asText(delta.partial_json);
      if (piece === undefined) return;
      state.input ??= new ArgumentBuffer();
      state.input.push(piece);
      return;
    }
    if (type === 'citations_delta') {
      const citation = delta.citation;
      if (citation !== undefined) state.citations.push(citation);
      return;
    }
    const known = TEXT_DELTAS.get(type);
    if (known !== undefined) {
      const piece = asText(delta[known]);
      if (piece !== undefined) extendText(state, known, piece);
      return;
    }
    // A delta type added after this was written: when it carries one text field, it extends
    // the block field of that name, like every text delta so far.
    const textFields = Object.entries(delta).filter(
      (entry): entry is [string, string] => entry[0] !== 'type' && typeof entry[1] === 'string',
    );
    const only = textFields.length === 1 ? textFields[0] : undefined;
    if (only !== undefined) {
      extendText(state, only[0], only[1]);
      notes.tally(
        `anthropic-delta-${type}`,
        (count) =>
          `${plural(count, `${type} delta`)} of a type not known here merged into the block's ${only[0]} field`,
      );
    } else {
      notes.tally(
        `anthropic-delta-${type}`,
        (count) => `${plural(count, `${type} delta`)} of an unknown type skipped`,
      );
    }
  }

  function readMessageDelta(event: Json): void {
    const delta = recordOf(event.delta);
    if (delta !== undefined) deltaFields = { ...deltaFields, ...delta };
    const reported = recordOf(event.usage);
    // Usage in message_delta is cumulative: later counts replace earlier ones, field by field.
    if (reported !== undefined) usage = { ...(usage ?? {}), ...reported };
  }

  function layout(): Slot[] {
    const slots: Array<Slot | undefined> = (asList(message?.content) ?? []).map((block) => ({
      kind: 'given',
      block,
    }));
    for (const [index, state] of blocks) slots[index] = { kind: 'streamed', state };
    // An index that skipped a number leaves a hole; holes are not JSON.
    return slots.filter((slot): slot is Slot => slot !== undefined);
  }

  /** The block's input as the response must show it (always an object), and whether it is whole. */
  function settleInput(state: BlockState): { input: Json; whole: boolean; problem: string | null } {
    const given = state.block.input;
    const fallback = isRecord(given) ? given : {};
    const buffer = state.input;
    if (buffer === null || buffer.state === 'empty')
      return { input: fallback, whole: true, problem: null };
    const raw = buffer.text();
    if (buffer.state === 'parses') {
      const value = parseOrUndefined(raw);
      if (isRecord(value)) return { input: value, whole: true, problem: null };
      return {
        input: {},
        whole: false,
        problem: `is JSON but not an object: ${preview(raw, 2000)}`,
      };
    }
    return { input: {}, whole: false, problem: `is ${buffer.state} JSON: ${JSON.stringify(raw)}` };
  }

  function blockProgress(
    state: BlockState,
    at: string,
  ): { progress: CallProgress; complete: boolean } {
    const buffer = state.input;
    const streamed = buffer !== null && buffer.length > 0;
    return {
      progress: {
        at,
        name: asText(state.block.name) ?? '',
        callId: asText(state.block.id) ?? null,
        arguments: streamed ? buffer.text() : argumentsText(state.block.input),
        json: streamed ? buffer.state : 'parses',
      },
      complete: state.stopped || stopped,
    };
  }

  function calls(): Array<{ progress: CallProgress; complete: boolean }> {
    const found: Array<{ progress: CallProgress; complete: boolean }> = [];
    layout().forEach((slot, position) => {
      const at = `content[${position}]`;
      if (slot.kind === 'streamed') {
        if (slot.state.block.type === 'tool_use') found.push(blockProgress(slot.state, at));
        return;
      }
      const given = recordOf(slot.block);
      if (given?.type === 'tool_use') {
        // Arrived whole inside message_start (programmatic tool calling).
        const args = argumentsText(given.input);
        found.push({
          progress: {
            at,
            name: asText(given.name) ?? '',
            callId: asText(given.id) ?? null,
            arguments: args,
            json: 'parses',
          },
          complete: true,
        });
      }
    });
    return found;
  }

  function buildBlock(state: BlockState, at: string, openCalls: string[], built: string[]): Json {
    const block: Json = { ...state.block };
    for (const [key, pieces] of state.texts) assign(block, key, pieces.text());
    if (state.citations.length > 0) {
      block.citations = [...(asList(block.citations) ?? []), ...state.citations];
    }
    if (state.input !== null) {
      const settled = settleInput(state);
      block.input = settled.input;
      const type = asText(block.type) ?? 'block';
      const finished = state.stopped || stopped;
      if (settled.problem !== null) {
        built.push(
          `${at} (${type} ${JSON.stringify(asText(block.name) ?? '')}): its partial_json ${settled.problem}; input set to {}`,
        );
      }
      if (type === 'tool_use' && (!finished || !settled.whole)) openCalls.push(at);
    }
    return block;
  }

  return {
    push(event, position) {
      const type = asText(event.type) ?? '';
      if (type === 'message_start') {
        start(event, position);
        return;
      }
      if (stopped) {
        notes.tally(
          'anthropic-after-stop',
          (count) => `${plural(count, 'event')} after message_stop ignored`,
        );
        return;
      }
      switch (type) {
        case 'content_block_start':
          startBlock(event, position);
          break;
        case 'content_block_delta':
          readDelta(event, position);
          break;
        case 'content_block_stop': {
          const index = asCount(event.index);
          const state = index === null ? undefined : blocks.get(index);
          if (state === undefined) {
            notes.add(`event[${position}] stops a content block that never started; skipped`);
          } else {
            state.stopped = true;
          }
          break;
        }
        case 'message_delta':
          readMessageDelta(event);
          break;
        case 'message_stop':
          stopped = true;
          break;
        case 'ping':
          notes.tally('anthropic-ping', (count) => `${plural(count, 'ping event')} skipped`);
          break;
        default:
          notes.tally(
            `anthropic-unknown-${type}`,
            (count) => `${plural(count, 'event')} of unknown type ${JSON.stringify(type)} skipped`,
          );
      }
    },
    endMarker() {
      notes.tally(
        'anthropic-done-marker',
        (count) =>
          `${plural(count, 'data: [DONE] marker')} ignored (Anthropic streams end with message_stop)`,
      );
    },
    progress(): CallsProgress {
      return splitProgress(calls());
    },
    assemble(): Assembly {
      const openCalls: string[] = [];
      const built: string[] = [];
      if (message === null) {
        built.push('no message_start arrived: the message id, model and input usage are unknown');
      }
      const content = layout().map((slot, position) =>
        slot.kind === 'given'
          ? slot.block
          : buildBlock(slot.state, `content[${position}]`, openCalls, built),
      );
      const base: Json = message ?? {
        type: 'message',
        role: 'assistant',
        stop_reason: null,
        stop_sequence: null,
      };
      const response: Json = { ...base, ...deltaFields, content };
      if (usage !== null)
        response.usage = { ...(isRecord(base.usage) ? base.usage : {}), ...usage };
      return { response, state: stopped ? 'complete' : 'cut', openCalls, notes: built };
    },
    terminalError(): StreamError | null {
      return null;
    },
  };
}

/** JSON.parse that cannot throw: the scanner already said the text parses, so this is a safety net. */
function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
