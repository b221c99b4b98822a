/**
 * Writes the answer to a provider request that carries one fault, through the surfaces' own
 * payload writers (`writerFor(id)` and the builders of each `write.ts`), so a fault
 * response is shaped exactly like the healthy ones the arbitraries and fixtures write. Pure:
 * the msw handlers parse the HTTP request, call {@link writeFault} and send what it returns.
 */
import { readTurn } from '../diagnose/turn.js';
import type { Fault } from '../model/fault-names.js';
import type { ToolDeclaration, WireSurfaceId } from '../model/model.js';
import { isRecord } from '../model/narrow.js';
import { surfaceById } from '../registry/index.js';
import type {
  JsonValue,
  NeutralCall,
  NeutralTool,
  PayloadTurn,
  TurnOutcome,
} from '../surfaces/payload.js';
import { nearMiss, partialObject, piecesOf } from '../values/calls.js';
import { type Random, randomHex, randomId, seededRandom } from '../values/random.js';
import { writerFor } from '../writers/index.js';
import { unparseableText, validArguments, violatingCall } from './arguments.js';
import { faultUnsupportedReason } from './faults.js';

/**
 * A provider request as the handler received it.
 *
 * @example
 * ```ts
 * const request: FaultRequest = { surface: 'openai-chat', streamed: false, body };
 * ```
 */
export interface FaultRequest {
  surface: WireSurfaceId;
  /** Whether the request asked for a stream (`stream: true`, `:streamGenerateContent`, `/converse-stream`). */
  streamed: boolean;
  /** The parsed JSON body. */
  body: unknown;
  /** Gemini streams SSE with `alt=sse` and one JSON array without it. */
  sse?: boolean;
  /** How the face that asks names what it answers, in the problems it is given back. */
  words?: FaultWords;
}

/**
 * How a face names the request it answers, for the problems it shows: `faultHandlers` answers
 * "this Chat Completions request" on a surface; `faultyLanguageModel` answers "this call".
 *
 * @example
 * const words: FaultWords = { subject: 'this call', request: 'the call', where: '' };
 */
export interface FaultWords {
  /** The request as a whole: `this Chat Completions request`. */
  subject: string;
  /** The request where its tools are meant: `the request`. */
  request: string;
  /** Where a fault could not be written, after its name: ` on openai-chat (streamed)`. */
  where: string;
}

/** What to write: the fault (or the faults the seed chooses among), the seed, the tool. */
export interface FaultChoice {
  fault: Fault | readonly Fault[];
  seed: number;
  /** The tool the calls target; by default one the seed picks among the request's tools. */
  tool?: string | undefined;
  /** Which request of a handler set this is, so each gets its own draws from the seed. */
  requestIndex?: number;
}

/** Why a request got an error instead of a fault. */
export type FaultErrorCode =
  | 'not-a-provider-request'
  | 'no-tools'
  | 'tool-not-declared'
  | 'unsatisfiable-schema'
  | 'fault-not-expressible';

/** A fault response ready to send, or the 400 the request gets instead. */
export type WrittenFault =
  | {
      ok: true;
      fault: Fault;
      /** The tool the calls target (the one the fault is about); `null` when the turn has no call. */
      tool: string | null;
      /** The variant written: a violation family, an unparseable form, a stop. */
      variant: string;
      contentType: string;
      body: string | Uint8Array;
    }
  /** `problem` says why in words that follow the face's name (`faultHandlers: …`). */
  | { ok: false; code: FaultErrorCode; problem: string };

const EMPTY_OBJECT_SCHEMA = { type: 'object', properties: {} };

interface Context {
  request: FaultRequest;
  random: Random;
  tools: ToolDeclaration[];
  neutral: NeutralTool[];
  parallel: boolean | undefined;
  ceiling: number | null;
  model: string | undefined;
  tool: string | undefined;
  words: FaultWords;
}

type Failure = Extract<WrittenFault, { ok: false }>;
const fail = (code: FaultErrorCode, problem: string): Failure => ({ ok: false, code, problem });

/**
 * The answer to `request` carrying one fault: the response body (JSON, SSE text, or Bedrock's
 * event-stream bytes) or why none can be written (a request that is no provider request, that
 * declares no function tools, names a `tool` it does not declare, whose schemas no value
 * satisfies, or a fault the surface or the request cannot carry). Never throws on its input.
 * With several faults, the seed orders them and the first this request can carry is written.
 *
 * @example
 * ```ts
 * const written = writeFault({ surface: 'openai-chat', streamed: false, body }, { fault: 'refused', seed: 1 });
 * if (written.ok) JSON.parse(written.body as string).choices[0].message.refusal; // "I can't help with that."
 * ```
 */
export function writeFault(request: FaultRequest, choice: FaultChoice): WrittenFault {
  const { surface, body } = request;
  const { title } = surfaceById(surface);
  const key = writerFor(surface).route.requiredField;
  if (!isRecord(body) || body[key] === undefined) {
    return fail(
      'not-a-provider-request',
      `the body sent to this ${title} endpoint is no ${title} request (${isRecord(body) ? `it has no "${key}"` : 'it is not a JSON object'})`,
    );
  }
  const read = readTurn(body);
  const tools = read.ok
    ? (read.turn.tools ?? []).filter((tool) => tool.kind === 'function' && tool.name !== '')
    : [];
  if (tools.length === 0) {
    return fail(
      'no-tools',
      `the ${title} request declares no function tools, so there is no tool to call; declare the agent's tools in the request`,
    );
  }
  if (choice.tool !== undefined && !tools.some((tool) => tool.name === choice.tool)) {
    return fail(
      'tool-not-declared',
      `options.tool is "${choice.tool}", which the request does not declare (it declares ${tools.map((tool) => `"${tool.name}"`).join(', ')})`,
    );
  }
  const random = seededRandom(choice.seed, choice.requestIndex ?? 0);
  const turn = read.ok ? read.turn : undefined;
  const context: Context = {
    request,
    random,
    tools,
    neutral: tools.map((tool) => ({
      name: tool.name,
      description: '',
      parameters: (tool.schema ?? EMPTY_OBJECT_SCHEMA) as JsonValue,
      strict: tool.strict,
    })),
    parallel: turn?.parallelToolCalls ?? undefined,
    ceiling: turn?.maxOutputTokens ?? null,
    model: typeof body.model === 'string' ? body.model : undefined,
    tool: choice.tool,
    words: request.words ?? {
      subject: `this ${title} request`,
      request: 'the request',
      where: ` on ${surface}${request.streamed ? ' (streamed)' : ''}`,
    },
  };
  const faults = typeof choice.fault === 'string' ? [choice.fault] : shuffled(choice.fault, random);
  let first: Failure | undefined;
  for (const fault of faults) {
    const written = writeOne(fault, context);
    if (written.ok) return written;
    first ??= written;
  }
  if (first !== undefined && faults.length > 1) {
    return fail(
      first.code,
      `none of the faults ${faults.join(', ')} can be written for ${context.words.subject}; the first: ${first.problem}`,
    );
  }
  return first ?? fail('fault-not-expressible', 'options.fault lists no fault');
}

function shuffled<T>(items: readonly T[], random: Random): T[] {
  const out = [...items];
  for (let index = out.length - 1; index > 0; index -= 1) {
    const other = random.int(0, index);
    [out[index], out[other]] = [out[other] as T, out[index] as T];
  }
  return out;
}

/** A drawn call to one tool: which tool, and valid arguments for it. */
interface Target {
  tool: ToolDeclaration;
  value: JsonValue;
}

/** The tools the calls may target, `options.tool` alone or all in a seeded order. */
function candidates(
  context: Context,
  keep?: (tool: ToolDeclaration) => boolean,
): ToolDeclaration[] {
  const chosen =
    context.tool === undefined
      ? shuffled(context.tools, context.random)
      : context.tools.filter((tool) => tool.name === context.tool);
  return keep === undefined ? chosen : chosen.filter(keep);
}

function target(context: Context, tools: ToolDeclaration[]): Target | Failure {
  const problems: string[] = [];
  for (const tool of tools) {
    const drawn = validArguments(tool.schema ?? EMPTY_OBJECT_SCHEMA, context.random);
    if (drawn.ok) return { tool, value: drawn.value };
    problems.push(`"${tool.name}": ${drawn.problem}`);
  }
  return fail(
    'unsatisfiable-schema',
    `no arguments satisfy the schema of ${problems.length === 1 ? 'the tool' : 'any tool'} the calls could target (${problems.join('; ')}); a fault needs valid arguments to break in one place`,
  );
}

/** How many draws a call gets to differ from the calls before it. */
const DISTINCT_DRAWS = 16;

/**
 * A call to `tool` unlike every call in `before`: `strict-void` writes several calls, and a
 * repeat would be the fault `duplicate-call` instead.
 */
function distinctCall(
  context: Context,
  tool: ToolDeclaration,
  before: readonly NeutralCall[],
): NeutralCall | Failure {
  for (let draw = 0; draw < DISTINCT_DRAWS; draw += 1) {
    const found = target(context, [tool]);
    if (!('tool' in found)) return found;
    const call = callOf(found.tool.name, found.value);
    if (!before.some((earlier) => earlier.name === call.name && earlier.text === call.text)) {
      return call;
    }
  }
  return notExpressible(
    'strict-void',
    context,
    `every draw of arguments for "${tool.name}" repeats an earlier call, and a repeated call is the fault duplicate-call`,
  );
}

const callOf = (name: string, value: JsonValue, text = JSON.stringify(value)): NeutralCall => ({
  name,
  text,
  value,
});

function notExpressible(fault: Fault, context: Context, why: string): Failure {
  return fail(
    'fault-not-expressible',
    `the fault "${fault}" cannot be written${context.words.where}: ${why}`,
  );
}

function writeOne(fault: Fault, context: Context): WrittenFault {
  const { surface, streamed } = context.request;
  const unsupported = faultUnsupportedReason(fault, surface, streamed);
  if (unsupported !== null) return notExpressible(fault, context, unsupported);
  const { random } = context;
  const { can } = writerFor(surface);
  switch (fault) {
    case 'unknown-tool': {
      const found = target(context, candidates(context));
      if (!('tool' in found)) return found;
      const declared = new Set(context.tools.map((tool) => tool.name));
      const name = nearMiss(found.tool.name, random.int(0, 5), declared);
      return finish(fault, context, name, 'near-miss', { calls: [callOf(name, found.value)] });
    }
    case 'arguments-violate-schema': {
      const problems: string[] = [];
      for (const tool of candidates(context)) {
        const valid = validArguments(tool.schema ?? EMPTY_OBJECT_SCHEMA, random);
        if (!valid.ok) {
          problems.push(`"${tool.name}": ${valid.problem}`);
          continue;
        }
        const violation = violatingCall(
          tool.schema ?? EMPTY_OBJECT_SCHEMA,
          can.arguments === 'json-text',
          random,
        );
        if (violation === undefined) continue;
        return finish(
          fault,
          context,
          tool.name,
          `${violation.kind}${violation.key === undefined ? '' : ` at ${violation.key}`}`,
          { calls: [callOf(tool.name, violation.value, violation.text)] },
        );
      }
      return fail(
        problems.length > 0 ? 'unsatisfiable-schema' : 'fault-not-expressible',
        `the fault "arguments-violate-schema" cannot be written: ${problems.length > 0 ? `no valid arguments to break (${problems.join('; ')})` : `no schema of ${context.tool === undefined ? context.words.request : `"${context.tool}"`} leaves room for a violation at its top level (a typed property, a required key, additionalProperties: false, an enum or a format)`}`,
      );
    }
    case 'arguments-unparseable': {
      const found = target(context, candidates(context));
      if (!('tool' in found)) return found;
      const name = found.tool.name;
      const malformed = can.malformedCall;
      if (can.arguments === 'decoded' && malformed !== undefined) {
        return finish(fault, context, name, 'malformed-function-call', {
          calls: [callOf(name, found.value)],
          ending: 'malformed-call',
          malformedMessage: malformed.message(name, found.value),
        });
      }
      const broken = unparseableText(found.value, random);
      return finish(fault, context, name, broken.family, {
        calls: [callOf(name, {}, broken.text)],
      });
    }
    case 'arguments-truncated': {
      const found = target(context, candidates(context));
      if (!('tool' in found)) return found;
      const text = JSON.stringify(found.value);
      const cut = text.slice(0, random.int(1, Math.max(1, text.length - 1)));
      const kept = partialObject(found.value, random.int(0, 3));
      const ceiling = context.ceiling ?? random.int(64, 512);
      return finish(fault, context, found.tool.name, 'ceiling', {
        calls: [callOf(found.tool.name, kept, cut)],
        ending: 'ceiling',
        output: ceiling,
        ceiling,
      });
    }
    case 'duplicate-call': {
      const found = target(context, candidates(context));
      if (!('tool' in found)) return found;
      const call = callOf(found.tool.name, found.value);
      const copies = random.int(2, 3);
      return finish(fault, context, call.name, `${copies} copies`, {
        calls: Array.from({ length: copies }, () => call),
      });
    }
    case 'strict-void': {
      if (context.parallel === false) {
        return notExpressible(
          fault,
          context,
          'the request turns parallel calls off (parallel_tool_calls: false), which keeps strict decoding',
        );
      }
      const strict = candidates(context, (tool) => tool.strict);
      if (strict.length === 0) {
        return notExpressible(
          fault,
          context,
          `${context.tool === undefined ? 'the request declares no tool' : `"${context.tool}" is not declared`} with strict: true`,
        );
      }
      const calls: NeutralCall[] = [];
      const count = random.int(2, 3);
      for (let index = 0; index < count; index += 1) {
        const call = distinctCall(context, strict[index % strict.length] as ToolDeclaration, calls);
        if (!('name' in call)) return call;
        calls.push(call);
      }
      return finish(fault, context, calls[0]?.name ?? null, `${count} strict calls`, { calls });
    }
    case 'ceiling-unreported': {
      if (context.ceiling === null) {
        return notExpressible(
          fault,
          context,
          `the request sets no output ceiling (${surfaceById(surface).facts.ceilingField ?? 'none'}), so no answer can be shown to reach it`,
        );
      }
      const found = target(context, candidates(context));
      if (!('tool' in found)) return found;
      return finish(fault, context, found.tool.name, 'finished at the ceiling', {
        calls: [callOf(found.tool.name, found.value)],
        output: context.ceiling,
        ceiling: context.ceiling,
      });
    }
    case 'stream-cut': {
      const found = target(context, candidates(context));
      if (!('tool' in found)) return found;
      const calls = [callOf(found.tool.name, found.value)];
      // Where calls stream whole, the cut falls between two of them.
      if (writerFor(surface).can.streamsCallsWhole) {
        const more = target(context, candidates(context));
        if (!('tool' in more)) return more;
        calls.push(callOf(more.tool.name, more.value));
      }
      return finish(fault, context, found.tool.name, 'mid-arguments', { calls, cut: true });
    }
    case 'empty-output':
      return finish(fault, context, null, 'no text, no calls', {
        calls: [],
        outcome: { kind: 'empty' },
      });
    case 'refused':
      return finish(fault, context, null, 'refusal', {
        calls: [],
        outcome: { kind: 'refused', text: REFUSAL },
      });
    case 'stopped-by-filter':
      return finish(fault, context, null, 'content filter', {
        calls: [],
        outcome: { kind: 'filtered' },
      });
    case 'ceiling-spent-on-reasoning': {
      const ceiling = context.ceiling ?? random.int(256, 2048);
      return finish(fault, context, null, 'reasoning only', {
        calls: [],
        outcome: { kind: 'reasoning-only', text: REASONING },
        ending: 'ceiling',
        output: ceiling,
        ceiling,
      });
    }
  }
}

/** What the turn holds beyond its calls. */
interface Shape {
  calls: NeutralCall[];
  ending?: PayloadTurn['ending'];
  malformedMessage?: string;
  /** Output tokens; a small count under the ceiling by default. */
  output?: number;
  ceiling?: number;
  /** A turn with no call: how it ends. */
  outcome?: TurnOutcome;
  /** The stream ends mid-arguments of the last call. */
  cut?: boolean;
}

/** What a refusing model says. */
const REFUSAL = "I'm sorry, but I can't help with that request.";
/** What a model that spent its ceiling thinking had written when it stopped. */
const REASONING = 'The customer asks about an order. I should check which tool fits, then';

function finish(
  fault: Fault,
  context: Context,
  tool: string | null,
  variant: string,
  shape: Shape,
): WrittenFault {
  const { random } = context;
  const { surface, streamed } = context.request;
  const writer = writerFor(surface);
  const limit = shape.ceiling ?? context.ceiling;
  const small = random.int(18, 160);
  const output = shape.output ?? (limit === null ? small : Math.min(small, limit - 1));
  const reasoning = shape.outcome?.kind === 'reasoning-only' ? output : 0;
  const turn: PayloadTurn = {
    system: '',
    prompt: '',
    tools: context.neutral,
    calls: shape.calls,
    ending: shape.ending ?? 'finished',
    parallel: context.parallel,
    ceiling: shape.ceiling ?? context.ceiling ?? undefined,
    usage: { input: random.int(120, 3000), output: Math.max(0, output), reasoning },
    ids: {
      response: randomId(random, 24),
      calls: [0, 1, 2, 3].map(() => randomId(random, 24)),
      items: [0, 1, 2, 3].map(() => randomHex(random, 32)),
      suffix: randomHex(random, 16),
      fingerprint: randomHex(random, 10),
    },
    preface: undefined,
    malformedMessage: shape.malformedMessage ?? '',
    created: 1_767_225_600 + random.int(0, 9_999_999),
    outcome: shape.outcome,
    model: context.model,
  };
  const response = writer.exchange(turn).response;
  const written = { ok: true as const, fault, tool, variant };
  if (!streamed) {
    return { ...written, contentType: 'application/json', body: JSON.stringify(response) };
  }
  const stream = writer.stream(response);
  const pieces = stream.texts.map(piecesOf);
  const cut = shape.cut === true;
  // The model had written half of what it was writing when the connection dropped.
  if (cut && pieces.length > 0) {
    const last = stream.texts[stream.texts.length - 1] ?? '';
    pieces[pieces.length - 1] = [last.slice(0, Math.max(1, Math.floor(last.length / 2)))];
  }
  return { ...written, ...stream.send(pieces, { cut, sse: context.request.sse !== false }) };
}
