/**
 * An AI SDK language model whose answers carry faults, without HTTP. What is written is
 * src/faults/'s, as for `faultHandlers`: the call options become the OpenAI Chat Completions
 * request they describe (the surface whose calls, like the AI SDK's, carry their input as JSON
 * text), `writeFault` answers it, and the answer, read into this package's one `Turn` model, is
 * told again in the AI SDK's own vocabulary (`./parts.ts`). Nothing of `ai` is imported.
 */
import { readTurn } from '../diagnose/turn.js';
import { checkFaultOptions } from '../faults/faults.js';
import { type FaultErrorCode, writeFault } from '../faults/write.js';
import { surfaceOfProvider } from '../frameworks/ai-sdk/providers.js';
import type { DeprecatedFault, Fault } from '../model/fault-names.js';
import type { Turn } from '../model/model.js';
import { reassembleStream } from '../read/index.js';
import type { JsonValue } from '../surfaces/payload.js';
import { libraryMessage } from '../text/library-message.js';
import { writerFor } from '../writers/index.js';
import { answerOf, partsOf } from './parts.js';
import type {
  CallTool,
  FaultyCallOptions,
  FaultyLanguageModel,
  FaultyStreamPart,
  SpecificationVersion,
} from './types.js';

/**
 * Options for {@link faultyLanguageModel}.
 *
 * @example
 * ```ts
 * const options: FaultyLanguageModelOptions = { fault: ['arguments-truncated', 'refused'], seed: 42, tool: 'lookup_order' };
 * ```
 */
export interface FaultyLanguageModelOptions<V extends SpecificationVersion = 'v3'> {
  /**
   * The fault every answer carries, or several: each call then gets one of them, chosen by the
   * seed among those the call can carry.
   * (A deprecated name, `duplicate-calls`, is read as the fault it names.)
   */
  fault: Fault | DeprecatedFault | readonly (Fault | DeprecatedFault)[];
  /**
   * Makes the answers deterministic (0 by default): the n-th call of a model draws from the
   * seed and n, so the same seed gives the same answers in the same order.
   */
  seed?: number;
  /** The tool the calls target; by default one the seed picks among the call's tools. */
  tool?: string;
  /**
   * The specification the model implements: `v3` (the default) for ai 6, which ai 7 also takes;
   * `v4` for ai 7's own (`LanguageModelV4`).
   */
  specificationVersion?: V;
  /** The model id steps report (`faulty-model` by default). */
  modelId?: string;
  /** Called once per call with what was written, or the error thrown instead. */
  onFault?: (event: FaultyModelEvent) => void;
}

/**
 * What one call of a {@link faultyLanguageModel} got.
 *
 * @example
 * ```ts
 * const event: FaultyModelEvent = { streamed: false, fault: 'refused', tool: null, variant: 'refusal', error: null };
 * ```
 */
export interface FaultyModelEvent {
  /** `true` for `doStream` (streamText), `false` for `doGenerate` (generateText). */
  streamed: boolean;
  /** The fault written; `null` when the call threw instead. */
  fault: Fault | null;
  /** The tool the calls target, `null` for a turn with no call (a refusal, an empty answer). */
  tool: string | null;
  /** What exactly was written: the violation family and key, the unparseable form, the stop. */
  variant: string | null;
  /** The thrown error's message, when the call could not carry the fault. */
  error: string | null;
  /** Why, as a code: `no-tools`, `fault-not-expressible`, ... */
  errorCode?: FaultErrorCode;
}

/** The provider id steps report: none the diagnoses read as a provider's. */
const PROVIDER = 'tool-call-health';
/**
 * The surface the call options are written as: the one behind the AI SDK's own OpenAI chat
 * provider, whose calls, like the AI SDK's, carry their input as JSON text.
 */
const CARRIER = surfaceOfProvider('openai.chat');

/** Faults the AI SDK's specification cannot express, or not for this call: why, or `null`. */
function unsupportedReason(fault: Fault, streamed: boolean, ceiling: number | undefined) {
  switch (fault) {
    case 'strict-void':
      return "the AI SDK's model specification has no parallel-calls setting (each provider keeps its own in providerOptions), and a model that is no provider has no strict mode for parallel calls to void; inject strict-void with faultHandlers from tool-call-health/msw behind @ai-sdk/openai instead";
    case 'stream-cut':
      return streamed
        ? null
        : 'a stream can only be cut in doStream (streamText); generateText calls doGenerate';
    case 'ceiling-unreported':
      return ceiling === undefined
        ? 'the call sets no maxOutputTokens, so no answer can be shown to reach it; pass maxOutputTokens to generateText or streamText'
        : null;
    default:
      return null;
  }
}

/** An error a call throws, its message naming the fault or the problem. */
class FaultyLanguageModelError extends Error {
  override name = 'FaultyLanguageModelError';
  constructor(
    message: string,
    readonly code: FaultErrorCode,
  ) {
    super(message);
  }
}

/**
 * An AI SDK language model whose every answer carries a fault, for tests that do not go
 * through the network: pass it wherever a `MockLanguageModelV3` goes (`generateText`,
 * `streamText`, `wrapLanguageModel`). Calls target the function tools of the call (the ToolSet
 * given to `generateText`), each answer is written by the same code as `faultHandlers` from
 * `tool-call-health/msw`, and reads as its fault in this package's diagnoses given the same
 * `{ tools, maxOutputTokens }` (`diagnoseCalls`, `diagnoseTruncation`).
 *
 * Expressible in the AI SDK: `unknown-tool`, `arguments-violate-schema`,
 * `arguments-unparseable`, `arguments-truncated`, `duplicate-calls`, `empty-output`, `refused`,
 * `stopped-by-filter`, `ceiling-unreported` (when the call sets `maxOutputTokens`),
 * `ceiling-spent-on-reasoning`, and `stream-cut` (streamText only: the stream ends
 * mid-arguments, with no finish part). `strict-void` is not: the specification has no
 * parallel-calls setting, and a model that is no provider has no strict mode to void. A call
 * that cannot carry its fault throws an error naming it (the AI SDK rejects `generateText` with
 * it; `streamText` hands it to `onError`), as does a call with no function tools, an
 * `options.tool` it does not declare, or schemas no arguments satisfy: never a healthy answer.
 * A schema that strips what it does not declare (zod's `z.object`) turns an undeclared key
 * into a healthy call before your code sees it, as it would a provider's answer.
 *
 * `specificationVersion: 'v4'` makes an ai 7 `LanguageModelV4`; the default `v3` works with
 * ai 6 and ai 7 alike.
 *
 * @example
 * ```ts
 * import { generateText, tool } from 'ai';
 * import { z } from 'zod';
 * import { diagnoseCalls } from 'tool-call-health';
 * import { faultyLanguageModel } from 'tool-call-health/ai-sdk';
 *
 * const tools = { lookup_order: tool({ inputSchema: z.object({ order_id: z.string() }) }) };
 * const result = await generateText({
 *   model: faultyLanguageModel({ fault: 'arguments-unparseable', seed: 7 }),
 *   tools,
 *   prompt: 'Where is order A-1001?',
 * });
 * diagnoseCalls(result, { tools })[0]?.state; // 'arguments-unparseable'
 * ```
 */
export function faultyLanguageModel<V extends SpecificationVersion = 'v3'>(
  options: FaultyLanguageModelOptions<V>,
): FaultyLanguageModel<V> {
  const { faults, seed } = checkFaultOptions('faultyLanguageModel', options);
  const version = options.specificationVersion ?? 'v3';
  if (version !== 'v3' && version !== 'v4') {
    throw new TypeError(
      libraryMessage(
        `faultyLanguageModel() needs options.specificationVersion to be "v3" (ai 6) or "v4" (ai 7); got ${JSON.stringify(version)}`,
      ),
    );
  }
  const modelId = options.modelId ?? 'faulty-model';
  let calls = 0;

  /** The turn this call answers with, or the error it throws. */
  const answer = (call: FaultyCallOptions, streamed: boolean): Turn => {
    const index = calls++;
    const fail = (code: FaultErrorCode, message: string): never => {
      const text = libraryMessage(`faultyLanguageModel: ${message}`);
      options.onFault?.({
        streamed,
        fault: null,
        tool: null,
        variant: null,
        error: text,
        errorCode: code,
      });
      throw new FaultyLanguageModelError(text, code);
    };
    const tools = (call?.tools ?? []).filter(
      (tool): tool is CallTool & { name: string } =>
        tool?.type === 'function' && typeof tool.name === 'string' && tool.name !== '',
    );
    if (tools.length === 0) {
      return fail(
        'no-tools',
        "the call declares no function tools, so there is no tool to call; pass the agent's tools to generateText or streamText",
      );
    }
    if (options.tool !== undefined && !tools.some((tool) => tool.name === options.tool)) {
      return fail(
        'tool-not-declared',
        `options.tool is "${options.tool}", which the call does not declare (it declares ${tools.map((tool) => `"${tool.name}"`).join(', ')})`,
      );
    }
    const ceiling =
      typeof call.maxOutputTokens === 'number' && call.maxOutputTokens > 0
        ? call.maxOutputTokens
        : undefined;
    const reasons = faults.map(
      (fault) => [fault, unsupportedReason(fault, streamed, ceiling)] as const,
    );
    const writable = reasons.filter(([, reason]) => reason === null).map(([fault]) => fault);
    if (writable.length === 0) {
      const [fault, reason] = reasons[0] ?? [];
      return fail(
        'fault-not-expressible',
        faults.length === 1
          ? `the fault "${fault}" cannot be written in ${streamed ? 'doStream' : 'doGenerate'}: ${reason}`
          : `none of the faults ${faults.join(', ')} can be written in ${streamed ? 'doStream' : 'doGenerate'}; the first, "${fault}": ${reason}`,
      );
    }
    // The request the call options describe, as the carrier's own writer writes it.
    const { request: body } = writerFor(CARRIER).exchange({
      system: '',
      prompt: '',
      tools: tools.map((tool) => ({
        name: tool.name,
        description: '',
        parameters: (tool.inputSchema ?? { type: 'object', properties: {} }) as JsonValue,
        ...(typeof tool.strict === 'boolean' ? { strict: tool.strict } : {}),
      })),
      calls: [],
      ending: 'finished',
      parallel: undefined,
      ceiling,
      usage: { input: 0, output: 0, reasoning: 0 },
      ids: { response: '', calls: [], items: [], suffix: '', fingerprint: '' },
      preface: undefined,
      malformedMessage: '',
      created: 0,
      model: modelId,
      streamed,
    });
    const written = writeFault(
      {
        surface: CARRIER,
        streamed,
        body,
        words: { subject: 'this call', request: 'the call', where: '' },
      },
      {
        fault: writable.length === 1 ? (writable[0] as Fault) : writable,
        seed,
        tool: options.tool,
        requestIndex: index,
      },
    );
    if (!written.ok) return fail(written.code, written.problem);
    const response = streamed
      ? reassembleStream(written.body as string, { surface: CARRIER })
      : JSON.parse(written.body as string);
    const read = readTurn({ request: body, response });
    if (!read.ok) {
      return fail(
        'fault-not-expressible',
        `the fault "${written.fault}" was written but could not be read back (${read.problem}); please report this`,
      );
    }
    options.onFault?.({
      streamed,
      fault: written.fault,
      tool: written.tool,
      variant: written.variant,
      error: null,
    });
    return read.turn;
  };

  return {
    specificationVersion: version as V,
    provider: PROVIDER,
    modelId,
    supportedUrls: {},
    async doGenerate(call) {
      const turn = answer(call, false);
      return answerOf(turn, call, modelId);
    },
    async doStream(call) {
      const turn = answer(call, true);
      const parts: FaultyStreamPart[] = partsOf(turn, call, modelId);
      return {
        stream: new ReadableStream<FaultyStreamPart>({
          start(controller) {
            for (const part of parts) controller.enqueue(part);
            controller.close();
          },
        }),
      };
    },
  };
}
