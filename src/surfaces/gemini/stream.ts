/**
 * Gemini `streamGenerateContent` frames back into one `GenerateContentResponse`: each frame is
 * a small response; text parts concatenate per candidate, other parts append, and per-frame
 * fields (finishReason, usageMetadata, modelVersion, responseId) take the last value sent.
 *
 * Vertex AI can also stream one call's arguments over many parts (`streamFunctionCallArguments`):
 * a `functionCall` with `willContinue: true` opens the call, `partialArgs` set values by JSON
 * Path, and the first part without `willContinue` closes it. Those parts become one call here.
 */
import type { Json } from '../../model/narrow.js';
import { asCount, asList, asText, recordOf } from '../../model/narrow.js';
import {
  type AssemblerContext,
  type Assembly,
  argumentsText,
  assign,
  byKey,
  isBlank,
  type SurfaceAssembler,
  splitProgress,
} from '../../stream/assembler.js';
import { TextPieces } from '../../stream/buffers.js';
import { buildArguments, type PathAssignment, parseJsonPath } from '../../stream/json-path.js';
import type { CallProgress, CallsProgress, StreamError } from '../../stream/types.js';
import { plural } from '../../text/plural.js';

interface CallState {
  /** The part's own fields beside `functionCall` (a `thoughtSignature`). */
  part: Json;
  /** The functionCall fields that are not streaming machinery (`name`, `id`, whole `args`). */
  call: Json;
  streamed: boolean;
  assignments: PathAssignment[];
  /** A string value whose last piece has not arrived (`willContinue` on the partial arg). */
  openString: { path: string; assignment: PathAssignment } | null;
  /** The call's own last part arrived (a whole call is closed at once). */
  closed: boolean;
}

type PartState =
  | { kind: 'text'; part: Json; text: TextPieces; thought: boolean }
  | { kind: 'call'; call: CallState }
  | { kind: 'other'; part: Json };

interface CandidateState {
  index: number;
  hadIndex: boolean;
  role: string | null;
  parts: PartState[];
  fields: Map<string, unknown>;
  open: CallState | null;
  finished: boolean;
}

const STREAMING_KEYS = new Set(['partialArgs', 'willContinue']);

/**
 * The Gemini assembler: `streamGenerateContent` frames in, one `GenerateContentResponse` out.
 * Complete once every candidate has a `finishReason` (or the prompt was blocked).
 *
 * @example
 * ```ts
 * const gemini = createGeminiAssembler({ notes: new Notebook(), framing: 'sse' });
 * gemini.push(frame, 0);
 * gemini.progress().complete; // whole functionCall parts are complete at once
 * ```
 */
export function createGeminiAssembler({ notes }: AssemblerContext): SurfaceAssembler {
  const candidates = new Map<number, CandidateState>();
  const top = new Map<string, unknown>();
  let blocked = false;

  function candidateAt(index: number, hadIndex: boolean): CandidateState {
    let candidate = candidates.get(index);
    if (candidate === undefined) {
      candidate = {
        index,
        hadIndex,
        role: null,
        parts: [],
        fields: new Map(),
        open: null,
        finished: false,
      };
      candidates.set(index, candidate);
    }
    return candidate;
  }

  function applyPartialArgs(call: CallState, partials: unknown[]): void {
    for (const entry of partials) {
      const partial = recordOf(entry);
      const path = asText(partial?.jsonPath);
      const segments = path === undefined ? null : parseJsonPath(path);
      if (partial === undefined || path === undefined || segments === null) {
        notes.tally(
          'gemini-bad-path',
          (count) => `${plural(count, 'partialArgs entry')} without a usable jsonPath skipped`,
        );
        continue;
      }
      const continues = partial.willContinue === true;
      const piece = asText(partial.stringValue);
      if (piece !== undefined) {
        let assignment = call.openString?.path === path ? call.openString.assignment : undefined;
        if (assignment === undefined) {
          assignment = { path: segments, value: undefined, pieces: new TextPieces() };
          call.assignments.push(assignment);
        }
        assignment.pieces?.push(piece);
        call.openString = continues ? { path, assignment } : null;
        continue;
      }
      call.openString = null;
      let value: unknown;
      if (typeof partial.numberValue === 'number') value = partial.numberValue;
      else if (typeof partial.boolValue === 'boolean') value = partial.boolValue;
      else if (Object.hasOwn(partial, 'nullValue')) value = null;
      else {
        notes.tally(
          'gemini-no-value',
          (count) => `${plural(count, 'partialArgs entry')} without a value skipped`,
        );
        continue;
      }
      call.assignments.push({ path: segments, value, pieces: null });
    }
  }

  function split(part: Json, functionCall: Json): { extras: Json; call: Json } {
    const extras: Json = {};
    for (const [key, value] of Object.entries(part))
      if (key !== 'functionCall') assign(extras, key, value);
    const call: Json = {};
    for (const [key, value] of Object.entries(functionCall)) {
      if (!STREAMING_KEYS.has(key)) assign(call, key, value);
    }
    return { extras, call };
  }

  function continueCall(call: CallState, part: Json, functionCall: Json): void {
    const { extras, call: fields } = split(part, functionCall);
    for (const [key, value] of Object.entries(fields))
      if (!Object.hasOwn(call.call, key)) assign(call.call, key, value);
    for (const [key, value] of Object.entries(extras))
      if (!Object.hasOwn(call.part, key)) assign(call.part, key, value);
    const partials = asList(functionCall.partialArgs);
    if (partials) applyPartialArgs(call, partials);
    if (functionCall.willContinue !== true) call.closed = true;
  }

  function readCallPart(candidate: CandidateState, part: Json, functionCall: Json): void {
    const open = candidate.open;
    const name = asText(functionCall.name);
    if (open !== null) {
      const openName = asText(open.call.name);
      if (name === undefined || openName === undefined || name === openName) {
        continueCall(open, part, functionCall);
        if (open.closed) candidate.open = null;
        return;
      }
      notes.add(
        `a streamed call to ${JSON.stringify(openName)} was followed by a call to ${JSON.stringify(name)} before its last part; the first is left unfinished`,
      );
      candidate.open = null;
    }
    const streamed = functionCall.willContinue === true || Array.isArray(functionCall.partialArgs);
    const { extras, call: fields } = split(part, functionCall);
    const call: CallState = {
      part: extras,
      call: fields,
      streamed,
      assignments: [],
      openString: null,
      closed: !streamed,
    };
    if (streamed) {
      const partials = asList(functionCall.partialArgs);
      if (partials) applyPartialArgs(call, partials);
      call.closed = functionCall.willContinue !== true;
    }
    candidate.parts.push({ kind: 'call', call });
    if (!call.closed) candidate.open = call;
  }

  function readTextPart(candidate: CandidateState, part: Json, piece: string): void {
    const thought = part.thought === true;
    const last = candidate.parts.at(-1);
    const signed = Object.hasOwn(part, 'thoughtSignature');
    if (
      last?.kind === 'text' &&
      last.thought === thought &&
      !(signed && Object.hasOwn(last.part, 'thoughtSignature'))
    ) {
      last.text.push(piece);
      // A thought signature often rides on an empty closing part; it belongs to the merged text.
      for (const [key, value] of Object.entries(part)) {
        if (key !== 'text' && !Object.hasOwn(last.part, key)) assign(last.part, key, value);
      }
      return;
    }
    // An empty part with nothing else in it adds nothing to the answer.
    if (piece === '' && Object.keys(part).length === 1) return;
    const extras: Json = {};
    for (const [key, value] of Object.entries(part)) if (key !== 'text') assign(extras, key, value);
    const pieces = new TextPieces();
    pieces.push(piece);
    candidate.parts.push({ kind: 'text', part: extras, text: pieces, thought });
  }

  function readCandidate(value: unknown, position: number): void {
    const raw = recordOf(value);
    if (raw === undefined) {
      notes.tally(
        'gemini-junk-candidate',
        (count) =>
          `${plural(count, 'candidate')} that ${count === 1 ? 'is not an object' : 'are not objects'} skipped`,
      );
      return;
    }
    const index = asCount(raw.index);
    const candidate = candidateAt(index ?? position, index !== null);
    const content = recordOf(raw.content);
    const role = asText(content?.role);
    if (role && candidate.role === null) candidate.role = role;
    for (const entry of asList(content?.parts) ?? []) {
      const part = recordOf(entry);
      if (part === undefined) {
        notes.tally(
          'gemini-junk-part',
          (count) =>
            `${plural(count, 'part')} that ${count === 1 ? 'is not an object' : 'are not objects'} skipped`,
        );
        continue;
      }
      const functionCall = recordOf(part.functionCall);
      const piece = asText(part.text);
      if (functionCall !== undefined) readCallPart(candidate, part, functionCall);
      else if (piece !== undefined) readTextPart(candidate, part, piece);
      else candidate.parts.push({ kind: 'other', part: { ...part } });
    }
    for (const [key, value] of Object.entries(raw)) {
      if (key === 'content' || key === 'index') continue;
      if (!isBlank(value) || !candidate.fields.has(key)) candidate.fields.set(key, value);
    }
    if (typeof raw.finishReason === 'string') candidate.finished = true;
  }

  function buildCall(call: CallState, built: string[]): Json {
    const functionCall: Json = { ...call.call };
    if (call.streamed) {
      const { args, problems } = buildArguments(call.assignments);
      functionCall.args = args;
      built.push(...problems);
    }
    return { ...call.part, functionCall };
  }

  function argumentsOf(call: CallState): string {
    if (call.streamed) return argumentsText(buildArguments(call.assignments).args);
    return argumentsText(call.call.args);
  }

  function calls(): Array<{ progress: CallProgress; complete: boolean }> {
    return byKey(candidates).flatMap((candidate, candidatePosition) =>
      candidate.parts.flatMap((part, partPosition) =>
        part.kind === 'call'
          ? [
              {
                progress: {
                  at: `candidates[${candidatePosition}].content.parts[${partPosition}]`,
                  name: asText(part.call.call.name) ?? '',
                  callId: asText(part.call.call.id) ?? null,
                  arguments: argumentsOf(part.call),
                  json: 'parses' as const,
                },
                complete: part.call.closed || candidate.finished,
              },
            ]
          : [],
      ),
    );
  }

  return {
    push(frame, position) {
      const raw = frame.candidates;
      if (Array.isArray(raw)) {
        raw.forEach((candidate, index) => {
          readCandidate(candidate, index);
        });
      } else if (raw !== undefined) {
        notes.add(`event[${position}] has candidates that are not a list; they were skipped`);
      }
      for (const [key, value] of Object.entries(frame)) {
        if (key === 'candidates') continue;
        if (!isBlank(value) || !top.has(key)) top.set(key, value);
      }
      // A blocked prompt ends the stream with promptFeedback and no candidates.
      if (asText(recordOf(frame.promptFeedback)?.blockReason) !== undefined) blocked = true;
    },
    endMarker() {
      notes.tally(
        'gemini-done-marker',
        (count) =>
          `${plural(count, 'data: [DONE] marker')} ignored (Gemini streams end with a finishReason)`,
      );
    },
    progress(): CallsProgress {
      return splitProgress(calls());
    },
    assemble(): Assembly {
      const built: string[] = [];
      const openCalls: string[] = [];
      const ordered = byKey(candidates);
      const response: Json = {
        candidates: ordered.map((candidate, candidatePosition) => {
          const parts = candidate.parts.map((part, partPosition) => {
            if (part.kind === 'other') return part.part;
            if (part.kind === 'text') return { text: part.text.text(), ...part.part };
            if (!part.call.closed) {
              const at = `candidates[${candidatePosition}].content.parts[${partPosition}]`;
              openCalls.push(at);
              if (candidate.finished) {
                built.push(`${at} was still streaming its arguments when finishReason arrived`);
              }
            }
            return buildCall(part.call, built);
          });
          const content: Json = { parts };
          if (candidate.role !== null) content.role = candidate.role;
          const output: Json = { content };
          for (const [key, value] of candidate.fields) assign(output, key, value);
          if (candidate.hadIndex) output.index = candidate.index;
          return output;
        }),
      };
      for (const [key, value] of top) assign(response, key, value);
      const finished = ordered.length > 0 && ordered.every((candidate) => candidate.finished);
      return { response, state: finished || blocked ? 'complete' : 'cut', openCalls, notes: built };
    },
    terminalError(): StreamError | null {
      return null;
    },
  };
}
