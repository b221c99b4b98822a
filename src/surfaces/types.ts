/**
 * What a surface is. A *wire surface* is one provider API whose bodies cross HTTP: it knows
 * how to recognise and read its requests, responses, tool declarations and stream events, and
 * the facts about it that the diagnoses word their verdicts with. An *adapter* (coming next:
 * MCP exchanges, AI SDK results, LangChain messages, trace spans) holds no wire format of its
 * own: it turns an object into turns, or hands the wire body it carries to the surface it
 * belongs to. `src/registry/` lists both; nothing outside a surface's folder asks
 * which surface it is holding.
 *
 * Modelled on the AI SDK's `LanguageModelV3`: one small interface that every provider
 * implements, with data where data will do.
 */

import type { AdapterSurfaceId, Surface, Turn, WireSurfaceId } from '../model/model.js';
import type { Json } from '../model/narrow.js';
import type { StrictModeRules } from '../schema/strict-lint/index.js';
import type { AssemblerContext, SurfaceAssembler } from '../stream/assembler.js';

/** A step of a path inside a payload: a key or an index. */
export type Segment = string | number;

/**
 * One tool declaration as its surface's shape says it, before any default is applied.
 * `path` is where it sits inside the declaring item (`[]` for the item itself,
 * `['functionDeclarations', 2]` for one of Gemini's).
 */
export type ToolShape =
  | {
      kind: 'function';
      path: Segment[];
      /** The name as written, `undefined` when absent or not text. */
      name: string | undefined;
      /** The parameters as JSON Schema (Gemini's OpenAPI subset converted); `undefined` when none. */
      schema: unknown;
      /** Where the schema sits inside the item, e.g. `['function', 'parameters']`, for the strict lint. */
      schemaPath: Segment[];
      /** What the surface calls its schema field: `parameters`, `input_schema`. */
      schemaField: string;
      /** `strict` as the payload states it, `null` when it does not say. */
      strict: boolean | null;
    }
  | { kind: 'custom'; path: Segment[]; name: string | undefined; grammar: boolean }
  /** Something where a declaration belongs that is not one (a junk entry of a group). */
  | { kind: 'not-a-declaration'; path: Segment[]; problem: string };

/**
 * Recognises one item of a `tools` array as this surface's shape, or says it is not
 * (`undefined`), so the registry can ask the next surface. One reader serves the turn reader
 * and the strict lint alike.
 */
export type ToolShapeReader = (item: Json) => ToolShape[] | undefined;

/** Reads a `tools` value in any surface's shape into a turn; the registry supplies it. */
export type ToolsInto = (value: unknown, at: string, turn: Turn) => void;

/**
 * The providers whose strict mode `lintStrictSchema` knows: each is the `provider` of the
 * surfaces whose strict rules it names.
 *
 * @example
 * const provider: StrictProvider = 'openai';
 */
export type StrictProvider = 'openai' | 'anthropic';

/** A schema as a provider rewrote it, and the optional properties the rewrite made required. */
export interface NormalisedSchema {
  schema: unknown;
  /** Property names, in the order met, that were optional and are required after the rewrite. */
  madeRequired: string[];
}

/**
 * A provider that makes a tool strict when it leaves `strict` out and its schema can be made so
 * (the Responses API). The diagnoses lint `normalise(schema)`: no problem left means strict.
 *
 * @example
 * const strict = lint(whenUnstated.normalise(schema).schema).problems.length === 0;
 */
export interface UnstatedStrictDefault {
  /** The schema as the provider rewrites it before judging it; never changes its input. */
  normalise(schema: unknown): NormalisedSchema;
  /** What the rule rests on: the provider's words and recordings, each with where it was read. */
  evidence: readonly { says: string; url: string | null; read: string }[];
  /** What the evidence leaves open, said in the note on a tool that could not be made strict. */
  undecided: string;
}

/** What a surface's strict mode means, each with the page that says so and when it was read. */
export interface StrictFacts {
  /** Whose strict mode it is, as `lintStrictSchema({ provider })` names it; `null` where the surface has none. */
  provider: StrictProvider | null;
  /** The strict-mode rules to lint schemas with (shared by surfaces of one provider); `null` where none. */
  rules: StrictModeRules | null;
  /** What a function tool that does not state `strict` gets: not strict, or the provider's own rewrite. */
  whenUnstated: 'not-strict' | UnstatedStrictDefault;
  /** Whether several calls in one turn void the guarantee (documented by OpenAI only). */
  voidedByParallelCalls: boolean;
  /** How to have calls held to their schema on this surface, for a repair. */
  advice(name: string): string;
  /**
   * The request setting that lets at most one call come back per turn, as a repair writes it
   * (`parallel_tool_calls: false`); absent where the provider documents none.
   */
  serialiseWith?: string;
  /**
   * For a framework that wraps providers: its own way to set each provider's serialising
   * setting (the AI SDK's `providerOptions`), by the provider's surface.
   */
  serialiseByProvider?: Partial<Record<WireSurfaceId, string>>;
  /**
   * Set where strict calls are held with no setting to serialise them and no documented rule that
   * parallel calls void the guarantee (Gemini's `VALIDATED` mode): `strict-held` is all a request
   * can ask for there, so `toKeepStrictGuarantee` passes on it.
   */
  heldWithoutSerialising?: true;
  /**
   * Set on a surface whose records leave the request's `strict` flag out (a trace span): why a
   * tool that states no `strict` there is unknown, not off, for the strict diagnosis to say.
   */
  unrecorded?: string;
  source: { url: string; read: string };
}

/** The facts about a surface that the diagnoses word their verdicts with. */
export interface SurfaceFacts {
  /**
   * The request field of the output ceiling, when the payload did not say which it used; `null`
   * where there is no model output and so no ceiling (an MCP `tools/call`).
   */
  ceilingField: string | null;
  /**
   * The provider hands over a call's arguments decoded (an object, not JSON text), so a call cut
   * by the ceiling still looks whole: only the stop reason tells (Anthropic `tool_use`).
   */
  cutCallsLookWhole: boolean;
  /** What the provider calls one call in its output, for details: `tool_use block`. */
  callItem: string;
  /** The event that ends this provider's stream, for repairs: `message_stop`. */
  streamEnd: string;
  /**
   * Where a framework's user has the tool declarations its object does not carry, for a repair
   * that asks for them as `{ tools }` (`the ToolSet given to generateText`); absent on the wire
   * surfaces, whose repair asks for the exchange `{ request, response }`.
   */
  declarationsFrom?: string;
  strict: StrictFacts;
}

/** How a surface streams: which events are its own, and the assembler that rebuilds its body. */
export interface StreamFormat {
  /**
   * How surely an event is this surface's: 2 when only it sends such events, 1 when it is a
   * guess a surer claim should beat, 0 when not at all.
   */
  claims(event: Json): 0 | 1 | 2;
  /**
   * Whether an error payload is this provider's (Anthropic's `{ type: "error", error: { type } }`,
   * Gemini's `{ error: { status } }`): a stream that holds only an error is named by it.
   */
  claimsError?(event: Json): boolean;
  assembler(context: AssemblerContext): SurfaceAssembler;
  /**
   * Fetched without SSE, the stream is one JSON array of whole responses (Gemini's
   * `streamGenerateContent` without `alt=sse`), so such an array is read as this stream.
   */
  jsonArray?: boolean;
}

/**
 * What every surface, wire or adapter, tells the messages: its name and the facts verdicts are
 * worded with.
 */
export interface SurfaceDescription {
  readonly id: Surface;
  /**
   * How messages name it, as it stands before a noun: `this OpenAI Responses API payload`,
   * `this Anthropic response`. `diagnose/wording.ts` words it for every message.
   */
  readonly title: string;
  /**
   * Whether a sentence puts "the" before the title when it names the API alone: `the OpenAI
   * Responses API rewrites …`, but `Anthropic rewrites …`.
   */
  readonly titleTakesThe?: boolean;
  readonly facts: SurfaceFacts;
}

/**
 * One provider API whose requests, responses and streams cross HTTP.
 *
 * @example
 * ```ts
 * const surface = responseSurfaceOf(body); // the registry asks each surface's recognise()
 * const turn = surface?.response.read(body, 0, toolsInto);
 * ```
 */
export interface WireSurface extends SurfaceDescription {
  readonly kind: 'wire';
  readonly id: WireSurfaceId;
  readonly response: {
    /** Whether a body is one of this surface's responses; surfaces are asked in registry order. */
    recognise(body: Json): boolean;
    /** The alternatives a body offers to pick from with `{ choice }` (choices, candidates). */
    alternatives?: { noun: string; of(body: Json): unknown[] | undefined };
    /** Reads one alternative (`choice`) of the body; `toolsInto` reads echoed tools. */
    read(body: Json, choice: number, toolsInto: ToolsInto): Turn;
  };
  readonly request: {
    /** Higher is asked first: fields only this provider sends beat fields many send. */
    specificity: number;
    recognise(body: Json): boolean;
    /** Reads what a request states (a response that echoes its request is read the same way). */
    readSettings(body: Json, at: string, turn: Turn, toolsInto: ToolsInto): void;
  };
  /** Other bodies of this surface that hold a turn, such as an Anthropic batch results line. */
  readonly envelopes?: ReadonlyArray<{ recognise(body: Json): boolean; read(body: Json): Turn }>;
  readonly tools: ToolShapeReader;
  readonly stream: StreamFormat;
  /**
   * The conversation a request sends back: how to read its calls and results into a neutral
   * history (the folder's `history.ts`), and the provider's rules for it (`history-rules.ts`).
   */
  readonly history?: import('./history.js').HistoryFormat;
}

/**
 * An object that is no wire body (an MCP exchange, a framework's result, a trace span), read
 * into turns of its own surface, or handed to the wire surface whose body it carries. The
 * registry asks every adapter before any wire surface, so its `recognise` must be sure: it
 * claims only objects no provider sends.
 */
export interface Adapter extends SurfaceDescription {
  readonly kind: 'adapter';
  readonly id: AdapterSurfaceId;
  /**
   * Whether a value is this adapter's object (a record, or an array such as a framework's list
   * of steps); asked before any wire surface.
   */
  recognise(value: Json | unknown[]): boolean;
  /** Reads a recognised object; `toolsInto` reads tool lists, as it does for wire surfaces. */
  read(value: Json | unknown[], toolsInto: ToolsInto): AdapterReading;
  /**
   * The adapter's own tool declarations (MCP's `{ name, inputSchema }`), so they can be given
   * as `tools` beside any payload and linted; asked before the wire surfaces' tool readers.
   */
  readonly tools?: ToolShapeReader;
  /**
   * A framework's own collection of tools given as the `tools` option (an AI SDK `ToolSet`,
   * keyed by name), as a list of declarations in a shape some surface reads, with notes on what
   * could not be read (a schema only a promise holds); `undefined` when the value is not its
   * collection.
   */
  toolsOption?(value: unknown): { tools: unknown[]; notes: string[] } | undefined;
  /** How the framework holds a conversation, where it has its own (the AI SDK's messages). */
  readonly history?: import('./history.js').FrameworkHistoryFormat;
}

/**
 * What an adapter made of its object: its turns, in order, or why it cannot be read.
 */
export type AdapterReading =
  | { kind: 'turns'; turns: AdaptedTurn[] }
  | {
      kind: 'unreadable';
      problem: string;
      /** What the object is, when the problem is the object itself (`problem` is `got <received>`). */
      received?: string;
    };

/**
 * One turn of an adapter's object and where it sits (`steps[2]`, `''` for the object itself):
 * read by the adapter (`turn`), or a provider payload the object carries (a step's own request
 * and response bodies, as `{ request, response }` or a response alone), which `read/` reads as
 * any payload is, the most faithful evidence there is. `fallback` is the turn read from the
 * object's own fields, used (with a note saying why) when the payload cannot be read; `notes`
 * are added to the turn either way.
 */
export type AdaptedTurn =
  | {
      at: string;
      turn: Turn;
      /**
       * The provider request body the object carries beside a turn it read from its own fields
       * (a streamed AI SDK step keeps its request body but no response body), and where it sits
       * (`steps[0].request.body`): read through the turn's wire surface (or the surface the body
       * shows) into what the turn leaves unknown (tools, strict, parallel calls, the ceiling),
       * as an exchange's request is.
       */
      request?: { body: unknown; at: string };
    }
  | { at: string; payload: unknown; fallback?: Turn; notes?: string[] };
