/**
 * Responses API events (`type: "response.*"`) back into a `response` object. The terminal event
 * (`response.completed`, `.incomplete`, `.failed`) carries the whole body; without it the body
 * is rebuilt from the base object and the item events, keyed by `output_index` and `item_id`.
 */
import { JsonScanner } from '../../json/scanner.js';
import type { Json } from '../../model/narrow.js';
import { asCount, asList, asText, isRecord, recordOf } from '../../model/narrow.js';
import {
  type AssemblerContext,
  type Assembly,
  assign,
  byKey,
  nextKey,
  type SurfaceAssembler,
  splitProgress,
} from '../../stream/assembler.js';
import { ArgumentBuffer, TextPieces } from '../../stream/buffers.js';
import type { CallProgress, CallsProgress, StreamError } from '../../stream/types.js';
import { plural } from '../../text/plural.js';

interface PartState {
  part: Json;
  /** `text` for output and reasoning text, `refusal` for a refusal part. */
  textField: 'text' | 'refusal';
  text: TextPieces;
  annotations: unknown[];
  done: boolean;
}

interface ItemState {
  item: Json;
  done: boolean;
  /** The streamed argument text of a call item, and the field it fills. */
  args: ArgumentBuffer | null;
  argsField: 'arguments' | 'input';
  argsDone: boolean;
  content: Map<number, PartState>;
  summary: Map<number, PartState>;
}

/** Items the client dispatches, with the field their arguments stream into. */
const CALL_ITEMS = new Map<string, 'arguments' | 'input'>([
  ['function_call', 'arguments'],
  ['custom_tool_call', 'input'],
]);
/** Items whose argument text streams too, though the provider runs them (MCP). */
const STREAMED_ARGUMENT_ITEMS = new Map<string, 'arguments' | 'input'>([
  ...CALL_ITEMS,
  ['mcp_call', 'arguments'],
]);

const ARGUMENT_DELTAS = new Set([
  'response.function_call_arguments.delta',
  'response.custom_tool_call_input.delta',
  'response.mcp_call_arguments.delta',
]);
const ARGUMENT_DONES = new Set([
  'response.function_call_arguments.done',
  'response.custom_tool_call_input.done',
  'response.mcp_call_arguments.done',
]);
const STARTS = new Set(['response.created', 'response.in_progress', 'response.queued']);
const TERMINALS = new Set(['response.completed', 'response.incomplete', 'response.failed']);

/**
 * The Responses assembler: `response.*` events in, the `response` object out. Complete with
 * `response.completed`, `.incomplete` or `.failed`.
 *
 * @example
 * ```ts
 * const responses = createResponsesAssembler({ notes: new Notebook(), framing: 'sse' });
 * responses.push(createdEvent, 0);
 * responses.assemble().state; // 'cut' until a terminal event arrives
 * ```
 */
export function createResponsesAssembler({ notes }: AssemblerContext): SurfaceAssembler {
  let base: Json | null = null;
  let terminal: { type: string; response: Json } | null = null;
  let items = new Map<number, ItemState>();
  let itemsById = new Map<string, ItemState>();

  function restartIfNew(type: string, response: Json, position: number): void {
    const id = asText(response.id) ?? null;
    const previousId = base === null ? null : (asText(base.id) ?? null);
    // Only a new response.created (or any start after a terminal event) begins a new response:
    // some proxies (GitHub Copilot) rotate every id, even between created and in_progress.
    const isNewResponse = terminal !== null || (type === 'response.created' && base !== null);
    if (!isNewResponse) return;
    notes.add(
      `event[${position}] starts response ${id ?? '(no id)'} after response ${previousId ?? '(no id)'} ` +
        `(${terminal === null ? 'cut' : terminal.type}, ${plural(items.size, 'item')}); only the last response is reassembled`,
    );
    terminal = null;
    items = new Map();
    itemsById = new Map();
  }

  function itemFor(event: Json): ItemState | undefined {
    const id = asText(event.item_id);
    const byId = id === undefined ? undefined : itemsById.get(id);
    if (byId !== undefined) return byId;
    const index = asCount(event.output_index);
    return index === null ? undefined : items.get(index);
  }

  function orphan(type: string): void {
    notes.tally(
      `responses-orphan-${type}`,
      (count) => `${plural(count, `${type} event`)} for an item that was never added skipped`,
    );
  }

  function addItem(event: Json, done: boolean): void {
    const raw = recordOf(event.item);
    const index = asCount(event.output_index);
    if (raw === undefined) {
      notes.tally(
        'responses-no-item',
        (count) => `${plural(count, 'output_item event')} without an item skipped`,
      );
      return;
    }
    const id = asText(raw.id);
    const known =
      (id === undefined ? undefined : itemsById.get(id)) ??
      (index === null ? undefined : items.get(index));
    const type = asText(raw.type) ?? '';
    const argsField = STREAMED_ARGUMENT_ITEMS.get(type);
    const state: ItemState = known ?? {
      item: raw,
      done: false,
      args: argsField === undefined ? null : new ArgumentBuffer(),
      argsField: argsField ?? 'arguments',
      argsDone: false,
      content: new Map(),
      summary: new Map(),
    };
    state.item = { ...raw };
    if (done) {
      state.done = true;
      const final = argumentsIn(raw, state.argsField);
      if (state.args !== null && final !== undefined) {
        state.args.replace(final);
        state.argsDone = true;
      }
    } else if (known === undefined && state.args !== null) {
      const initial = argumentsIn(raw, state.argsField);
      if (initial) state.args.push(initial);
    }
    if (known === undefined) {
      items.set(index ?? nextKey(items), state);
      if (id !== undefined) itemsById.set(id, state);
    }
  }

  function partFor(event: Json, type: string, collection: 'content' | 'summary'): PartState | null {
    const item = itemFor(event);
    if (item === undefined) {
      orphan(type);
      return null;
    }
    const index = partIndex(event, collection);
    const parts = item[collection];
    let part = parts.get(index);
    if (part === undefined) {
      // A delta before its part.added: start the part it implies.
      const partType =
        collection === 'summary'
          ? 'summary_text'
          : type.startsWith('response.reasoning_text')
            ? 'reasoning_text'
            : type.startsWith('response.refusal')
              ? 'refusal'
              : 'output_text';
      part = newPart({ type: partType });
      parts.set(index, part);
    }
    return part;
  }

  function newPart(raw: Json): PartState {
    const textField = raw.type === 'refusal' ? 'refusal' : 'text';
    const pieces = new TextPieces();
    const initial = textIn(raw, textField);
    if (initial) pieces.push(initial);
    return { part: { ...raw }, textField, text: pieces, annotations: [], done: false };
  }

  function readPartEvent(event: Json, type: string, collection: 'content' | 'summary'): void {
    const item = itemFor(event);
    if (item === undefined) {
      orphan(type);
      return;
    }
    const raw = recordOf(event.part);
    if (raw === undefined) return;
    const index = partIndex(event, collection);
    const part = newPart(raw);
    if (type.endsWith('.done')) {
      part.done = true;
      part.text.replace(textIn(raw, part.textField) ?? '');
    }
    item[collection].set(index, part);
  }

  function readTextEvent(event: Json, type: string, collection: 'content' | 'summary'): void {
    const part = partFor(event, type, collection);
    if (part === null) return;
    if (type.endsWith('.delta')) {
      const delta = asText(event.delta);
      if (delta !== undefined) part.text.push(delta);
    } else {
      const whole = textIn(event, part.textField) ?? asText(event.text);
      if (whole !== undefined) part.text.replace(whole);
    }
  }

  function readArguments(event: Json, type: string): void {
    const item = itemFor(event);
    if (item === undefined || item.args === null) {
      orphan(type);
      return;
    }
    if (ARGUMENT_DELTAS.has(type)) {
      const delta = asText(event.delta);
      if (delta === undefined) return;
      if (item.argsDone) {
        notes.tally(
          'responses-late-delta',
          (count) => `${plural(count, 'argument delta')} after its .done event ignored`,
        );
        return;
      }
      item.args.push(delta);
    } else {
      const whole = argumentsIn(event, item.argsField) ?? asText(event.arguments);
      if (whole !== undefined) item.args.replace(whole);
      item.argsDone = true;
    }
  }

  function buildPart(state: PartState): Json {
    if (state.done) return state.part;
    const part: Json = { ...state.part };
    assign(part, state.textField, state.text.text());
    if (state.annotations.length > 0) {
      part.annotations = [...(asList(part.annotations) ?? []), ...state.annotations];
    }
    return part;
  }

  function buildParts(existing: unknown, parts: Map<number, PartState>): unknown[] {
    const built: unknown[] = Array.isArray(existing) ? [...existing] : [];
    for (const [index, part] of parts) built[index] = buildPart(part);
    // A part index that skipped a number leaves a hole; holes are not JSON.
    return built.filter((part) => part !== undefined);
  }

  function buildItem(state: ItemState): Json {
    if (state.done) return state.item;
    const item: Json = { ...state.item };
    if (state.args !== null) assign(item, state.argsField, state.args.text());
    if (state.content.size > 0) item.content = buildParts(item.content, state.content);
    if (state.summary.size > 0) item.summary = buildParts(item.summary, state.summary);
    item.status = 'incomplete';
    return item;
  }

  function rebuiltOutput(): Json[] {
    return byKey(items).map(buildItem);
  }

  function buildResponse(): { response: Json; notes: string[] } {
    const output = rebuiltOutput();
    if (terminal !== null) {
      const final = asList(recordOf(terminal.response)?.output);
      if ((final === undefined || final.length === 0) && output.length > 0) {
        return {
          response: { ...terminal.response, output },
          notes: [
            `${terminal.type} carried ${final === undefined ? 'no output' : 'an empty output'} though ${plural(output.length, 'item')} streamed; the streamed items fill it`,
          ],
        };
      }
      // The reader recognises a Responses body by `object: "response"`; a terminal event from
      // an imitation server may leave it out.
      const response = Object.hasOwn(terminal.response, 'object')
        ? terminal.response
        : { ...terminal.response, object: 'response' };
      return { response, notes: [] };
    }
    return { response: { ...(base ?? {}), object: 'response', output }, notes: [] };
  }

  function callsOf(response: Json, complete: (index: number) => boolean) {
    const calls: Array<{ progress: CallProgress; complete: boolean }> = [];
    (asList(recordOf(response)?.output) ?? []).forEach((value, index) => {
      const item = recordOf(value);
      if (item === undefined) return;
      const argsField = CALL_ITEMS.get(asText(item.type) ?? '');
      if (argsField === undefined) return;
      const args = argumentsIn(item, argsField) ?? '';
      calls.push({
        progress: {
          at: `output[${index}]`,
          name: asText(item.name) ?? '',
          callId: asText(item.call_id) ?? null,
          arguments: args,
          json: new JsonScanner().push(args).state,
        },
        complete: complete(index),
      });
    });
    return calls;
  }

  function trackedCalls() {
    const ordered = byKey(items);
    if (terminal !== null) {
      // The terminal event is the provider's word that every call is finished.
      return callsOf(buildResponse().response, () => true);
    }
    const calls: Array<{ progress: CallProgress; complete: boolean }> = [];
    ordered.forEach((state, index) => {
      if (!CALL_ITEMS.has(asText(state.item.type) ?? '')) return;
      const args = state.args ?? new ArgumentBuffer();
      calls.push({
        progress: {
          at: `output[${index}]`,
          name: asText(state.item.name) ?? '',
          callId: asText(state.item.call_id) ?? null,
          arguments: args.text(),
          json: args.state,
        },
        complete: state.done || state.argsDone,
      });
    });
    return calls;
  }

  return {
    push(event, position) {
      const type = asText(event.type) ?? '';
      if (STARTS.has(type)) {
        const response = recordOf(event.response);
        if (response === undefined) return;
        restartIfNew(type, response, position);
        base = { ...response };
        return;
      }
      if (terminal !== null) {
        notes.tally(
          'responses-after-terminal',
          (count) =>
            `${plural(count, 'event')} after ${terminal?.type ?? 'the terminal event'} ignored`,
        );
        return;
      }
      if (TERMINALS.has(type)) {
        const response = event.response;
        if (isRecord(response)) {
          terminal = { type, response };
        } else {
          notes.add(
            `event[${position}] ${type} carries no response object; the stream is rebuilt from its items`,
          );
          terminal = { type, response: { ...(base ?? {}), object: 'response', output: [] } };
        }
        return;
      }
      if (type === 'response.output_item.added' || type === 'response.output_item.done') {
        addItem(event, type.endsWith('.done'));
      } else if (ARGUMENT_DELTAS.has(type) || ARGUMENT_DONES.has(type)) {
        readArguments(event, type);
      } else if (type === 'response.content_part.added' || type === 'response.content_part.done') {
        readPartEvent(event, type, 'content');
      } else if (
        type === 'response.reasoning_summary_part.added' ||
        type === 'response.reasoning_summary_part.done'
      ) {
        readPartEvent(event, type, 'summary');
      } else if (
        (type.startsWith('response.output_text.') &&
          (type.endsWith('.delta') || type.endsWith('.done'))) ||
        type.startsWith('response.refusal.') ||
        type.startsWith('response.reasoning_text.')
      ) {
        readTextEvent(event, type, 'content');
      } else if (type.startsWith('response.reasoning_summary_text.')) {
        readTextEvent(event, type, 'summary');
      } else if (type === 'response.output_text.annotation.added') {
        const part = partFor(event, type, 'content');
        const annotation = event.annotation;
        if (part !== null && annotation !== undefined) part.annotations.push(annotation);
      } else if (type.startsWith('response.')) {
        // Built-in tool progress (web_search_call.searching, code_interpreter_call_code.delta...):
        // each such item arrives whole in its output_item.done.
        notes.tally(
          `responses-skip-${type}`,
          (count) =>
            `${plural(count, `${type} event`)} not needed: the item arrives whole in response.output_item.done`,
        );
      } else {
        notes.tally(
          `responses-unknown-${type}`,
          (count) => `${plural(count, `event`)} of unknown type ${JSON.stringify(type)} skipped`,
        );
      }
    },
    endMarker() {
      notes.tally(
        'responses-done-marker',
        (count) =>
          `${plural(count, 'data: [DONE] marker')} ignored (the Responses API ends with response.completed)`,
      );
    },
    progress(): CallsProgress {
      return splitProgress(trackedCalls());
    },
    assemble(): Assembly {
      const { response, notes: built } = buildResponse();
      const openCalls =
        terminal === null
          ? trackedCalls()
              .filter((call) => !call.complete)
              .map((call) => call.progress.at)
          : [];
      return { response, state: terminal === null ? 'cut' : 'complete', openCalls, notes: built };
    },
    terminalError(): StreamError | null {
      if (terminal?.type !== 'response.failed') return null;
      const error = recordOf(recordOf(terminal.response)?.error);
      return {
        type: asText(error?.code) ?? asText(error?.type) ?? 'response.failed',
        message: asText(error?.message) ?? '',
      };
    },
  };
}

/** An item's or event's argument text, from the field its item's arguments stream into. */
function argumentsIn(value: Json, key: 'arguments' | 'input'): string | undefined {
  return asText(key === 'input' ? value.input : value.arguments);
}

/** A part's or event's text, from the field its part's text fills. */
function textIn(value: Json, key: 'text' | 'refusal'): string | undefined {
  return asText(key === 'refusal' ? value.refusal : value.text);
}

/** The part an event addresses within its item's content or summary (0 when it names none). */
function partIndex(event: Json, collection: 'content' | 'summary'): number {
  return asCount(collection === 'content' ? event.content_index : event.summary_index) ?? 0;
}
