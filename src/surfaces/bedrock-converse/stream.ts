/**
 * ConverseStream events back into a Converse response. Each event is a union with one member
 * (`{ contentBlockDelta: {...} }`), as the AWS SDK yields them and as the binary event stream's
 * `:event-type` header names them. `contentBlockStart` comes only for toolUse blocks; text and
 * reasoning blocks begin with their first delta. A toolUse's `input` streams as string pieces of
 * JSON; `messageStop` brings the stop reason and ends the answer; `metadata` (usage, metrics) may
 * come before or after it. Bedrock pads every event with a random-length `p` field, never copied.
 */
import type { Json } from '../../model/narrow.js';
import { asCount, asText, isRecord, recordOf } from '../../model/narrow.js';
import {
  type AssemblerContext,
  type Assembly,
  argumentsText,
  byKey,
  type SurfaceAssembler,
  splitProgress,
} from '../../stream/assembler.js';
import { ArgumentBuffer, TextPieces } from '../../stream/buffers.js';
import { preview } from '../../stream/notes.js';
import type { CallProgress, CallsProgress, StreamError } from '../../stream/types.js';
import { plural } from '../../text/plural.js';

/** The member names of `ConverseStreamOutput` that are events of an answer. */
export const BEDROCK_EVENTS = new Set([
  'messageStart',
  'contentBlockStart',
  'contentBlockDelta',
  'contentBlockStop',
  'messageStop',
  'metadata',
]);

/** The member names of `ConverseStreamOutput` that are errors the stream reports. */
export const BEDROCK_EXCEPTIONS = new Set([
  'internalServerException',
  'modelStreamErrorException',
  'serviceUnavailableException',
  'throttlingException',
  'validationException',
]);

interface BlockState {
  toolUse: Json | null;
  input: ArgumentBuffer | null;
  text: TextPieces | null;
  reasoning: TextPieces | null;
  signature: TextPieces | null;
  redacted: string | null;
  stopped: boolean;
}

const blankBlock = (): BlockState => ({
  toolUse: null,
  input: null,
  text: null,
  reasoning: null,
  signature: null,
  redacted: null,
  stopped: false,
});

/**
 * The Converse assembler: stream events in, a Converse response out. Complete with
 * `messageStop`.
 *
 * @example
 * ```ts
 * const bedrock = createBedrockAssembler({ notes: new Notebook(), framing: 'events' });
 * bedrock.push({ messageStart: { role: 'assistant' } }, 0);
 * bedrock.assemble().response.output; // { message: { role: 'assistant', content: [] } }
 * ```
 */
export function createBedrockAssembler({ notes }: AssemblerContext): SurfaceAssembler {
  let role = 'assistant';
  const blocks = new Map<number, BlockState>();
  let stop: Json | null = null;
  let usage: Json | null = null;
  let metrics: Json | null = null;
  let error: StreamError | null = null;

  function blockAt(body: Json, position: number, event: string): BlockState | undefined {
    const index = asCount(body.contentBlockIndex);
    if (index === null) {
      notes.add(`event[${position}] ${event} has no contentBlockIndex; skipped`);
      return undefined;
    }
    let state = blocks.get(index);
    if (state === undefined) {
      state = blankBlock();
      blocks.set(index, state);
    }
    return state;
  }

  function startBlock(body: Json, position: number): void {
    const state = blockAt(body, position, 'contentBlockStart');
    if (state === undefined) return;
    const start = recordOf(body.start);
    const use = recordOf(start?.toolUse);
    if (use !== undefined) {
      state.toolUse = { ...use };
      state.input ??= new ArgumentBuffer();
    } else if (start !== undefined && Object.keys(start).length > 0) {
      notes.add(
        `event[${position}] starts a ${Object.keys(start).join(', ')} block, not read here; its deltas are skipped`,
      );
    }
  }

  function readDelta(body: Json, position: number): void {
    const state = blockAt(body, position, 'contentBlockDelta');
    const delta = recordOf(body.delta);
    if (state === undefined || delta === undefined) return;
    if (state.stopped) {
      notes.tally(
        'bedrock-late-delta',
        (count) => `${plural(count, 'delta')} after its block's contentBlockStop applied`,
      );
    }
    if (typeof delta.text === 'string') {
      state.text ??= new TextPieces();
      state.text.push(delta.text);
      return;
    }
    const use = recordOf(delta.toolUse);
    if (use !== undefined) {
      const piece = asText(use.input);
      if (piece === undefined) return;
      if (state.toolUse === null) {
        notes.tally(
          'bedrock-tool-delta-without-start',
          (count) =>
            `${plural(count, 'toolUse delta')} for a block with no contentBlockStart read as a call with no name`,
        );
        state.toolUse = {};
      }
      state.input ??= new ArgumentBuffer();
      state.input.push(piece);
      return;
    }
    const reasoning = recordOf(delta.reasoningContent);
    if (reasoning !== undefined) {
      const text = asText(reasoning.text);
      if (text !== undefined) {
        state.reasoning ??= new TextPieces();
        state.reasoning.push(text);
      }
      const signature = asText(reasoning.signature);
      if (signature !== undefined) {
        state.signature ??= new TextPieces();
        state.signature.push(signature);
      }
      const redacted = reasoning.redactedContent;
      if (redacted !== undefined) state.redacted = redactedText(redacted);
      return;
    }
    const kind = Object.keys(delta)[0] ?? 'empty';
    notes.tally(
      `bedrock-delta-${kind}`,
      (count) => `${plural(count, `${kind} delta`)} not read here skipped`,
    );
  }

  function buildBlock(state: BlockState, at: string, openCalls: string[], built: string[]): Json {
    if (state.toolUse !== null) {
      const buffer = state.input;
      let input: Json = {};
      let whole = true;
      if (buffer !== null && buffer.state !== 'empty') {
        const raw = buffer.text();
        const parsed = buffer.state === 'parses' ? parseOrUndefined(raw) : undefined;
        if (isRecord(parsed)) input = parsed;
        else {
          whole = false;
          built.push(
            `${at} (toolUse ${JSON.stringify(asText(state.toolUse.name) ?? '')}): its input ${buffer.state === 'parses' ? `is JSON but not an object: ${preview(raw, 2000)}` : `is ${buffer.state} JSON: ${JSON.stringify(raw)}`}; input set to {}`,
          );
        }
      }
      if (!(state.stopped || stop !== null) || !whole) openCalls.push(at);
      return { toolUse: { ...state.toolUse, input } };
    }
    if (state.reasoning !== null || state.signature !== null) {
      const reasoningText: Json = { text: state.reasoning?.text() ?? '' };
      if (state.signature !== null) reasoningText.signature = state.signature.text();
      return { reasoningContent: { reasoningText } };
    }
    if (state.redacted !== null) return { reasoningContent: { redactedContent: state.redacted } };
    return { text: state.text?.text() ?? '' };
  }

  function calls(): Array<{ progress: CallProgress; complete: boolean }> {
    const found: Array<{ progress: CallProgress; complete: boolean }> = [];
    byKey(blocks).forEach((state, position) => {
      if (state.toolUse === null) return;
      const buffer = state.input;
      const streamed = buffer !== null && buffer.length > 0;
      found.push({
        progress: {
          at: `output.message.content[${position}]`,
          name: asText(state.toolUse.name) ?? '',
          callId: asText(state.toolUse.toolUseId) ?? null,
          arguments: streamed ? buffer.text() : argumentsText({}),
          json: streamed ? buffer.state : 'parses',
        },
        complete: state.stopped || stop !== null,
      });
    });
    return found;
  }

  return {
    push(event, position) {
      const keys = Object.keys(event);
      const member = keys.find((key) => BEDROCK_EVENTS.has(key) || BEDROCK_EXCEPTIONS.has(key));
      const body = member === undefined ? undefined : recordOf(event[member]);
      if (member === undefined || body === undefined) {
        notes.tally(
          `bedrock-unknown-${keys[0] ?? 'empty'}`,
          (count) =>
            `${plural(count, 'event')} of unknown member ${JSON.stringify(keys[0] ?? '')} skipped`,
        );
        return;
      }
      if (BEDROCK_EXCEPTIONS.has(member)) {
        if (error === null) error = { type: member, message: asText(body.message) ?? '' };
        return;
      }
      if (stop !== null && member !== 'metadata') {
        notes.tally(
          'bedrock-after-stop',
          (count) => `${plural(count, 'event')} after messageStop ignored`,
        );
        return;
      }
      switch (member) {
        case 'messageStart':
          role = asText(body.role) ?? role;
          break;
        case 'contentBlockStart':
          startBlock(body, position);
          break;
        case 'contentBlockDelta':
          readDelta(body, position);
          break;
        case 'contentBlockStop': {
          const state = blockAt(body, position, 'contentBlockStop');
          if (state !== undefined) state.stopped = true;
          break;
        }
        case 'messageStop':
          stop = body;
          break;
        case 'metadata':
          usage = recordOf(body.usage) ?? usage;
          metrics = recordOf(body.metrics) ?? metrics;
          break;
      }
    },
    endMarker() {
      notes.tally(
        'bedrock-done-marker',
        (count) =>
          `${plural(count, 'data: [DONE] marker')} ignored (Converse streams end with messageStop)`,
      );
    },
    progress(): CallsProgress {
      return splitProgress(calls());
    },
    assemble(): Assembly {
      const openCalls: string[] = [];
      const built: string[] = [];
      const content = byKey(blocks).map((state, position) =>
        buildBlock(state, `output.message.content[${position}]`, openCalls, built),
      );
      const response: Json = { output: { message: { role, content } } };
      if (stop !== null) {
        response.stopReason = stop.stopReason ?? null;
        if (stop.additionalModelResponseFields !== undefined)
          response.additionalModelResponseFields = stop.additionalModelResponseFields;
      }
      if (usage !== null) response.usage = usage;
      if (metrics !== null) response.metrics = metrics;
      return { response, state: stop !== null ? 'complete' : 'cut', openCalls, notes: built };
    },
    terminalError(): StreamError | null {
      return error;
    },
  };
}

/** `redactedContent` is a blob: base64 text on the wire, bytes from the SDK. */
function redactedText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (!(value instanceof Uint8Array)) return '';
  let binary = '';
  for (const byte of value) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** JSON.parse that cannot throw: the scanner already said the text parses. */
function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
