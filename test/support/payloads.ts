/**
 * Provider payloads for tests, written by the surfaces' own writers (`writerFor(surface)`), so
 * each wire shape is written once: a test states only what it is about as a `Scenario`, which
 * becomes one neutral turn. Ids are shaped like real ones and carry no secrets.
 */
import type { WireSurfaceId } from '../../src/model/model.js';
import {
  functionDeclaration,
  geminiRequest as geminiRequestBody,
} from '../../src/surfaces/gemini/write.js';
import type { JsonValue, PayloadTurn, TurnOutcome } from '../../src/surfaces/payload.js';
import { writerFor } from '../../src/writers/index.js';

export const CHARGE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['account_id', 'amount_cents', 'currency'],
  properties: {
    account_id: { type: 'string' },
    amount_cents: { type: 'integer' },
    currency: { type: 'string', enum: ['usd', 'eur'] },
  },
};

export const GOOD_CHARGE = '{"account_id":"acct_9","amount_cents":1200,"currency":"usd"}';
/** Another valid charge: a second call, not a repeat of the first. */
export const OTHER_CHARGE = '{"account_id":"acct_9","amount_cents":1300,"currency":"usd"}';
export const BAD_CHARGE =
  '{"account_id":"acct_9","amount_cents":"1200","currency":"gbp","idempotency_key":"k1"}';
export const CUT_CHARGE = '{"account_id":"acct_9","amount_cen';

export interface Call {
  name: string;
  /** The JSON text the model wrote; decoded into an object where the provider decodes it (Anthropic, Gemini). */
  arguments: string;
}

/** `filter`: a content filter stopped the turn (Anthropic, which has no filter stop, refuses). */
export type Ending = 'finished' | 'ceiling' | 'filter';

export interface Scenario {
  calls?: Call[];
  /** The assistant's text: its answer, or its words before its calls. */
  text?: string;
  ending?: Ending;
  /** `strict` on the charge tool; unstated, it is true on the OpenAI surfaces and left out elsewhere. */
  strict?: boolean;
  parallel?: boolean;
  /** The request asks for a JSON object as the answer, where it says so (Responses, which echoes it). */
  json?: boolean;
  maxOutputTokens?: number;
  outputTokens?: number;
  reasoningTokens?: number;
}

/**
 * A written body as the tests handle it: they reach into it, and damage it on purpose, so its
 * members are not typed.
 */
// biome-ignore lint/suspicious/noExplicitAny: tests reach into written bodies and damage them on purpose.
export type Body = any;

/** What the tests' payloads hold on each surface beside the scenario. */
interface SurfaceSetting {
  /** The response id's random part, as the writer shapes it into the surface's id. */
  response: string;
  /** The call ids' random parts. */
  calls: readonly string[];
  /** Prompt tokens. */
  input: number;
  /** `strict` when the scenario leaves it unstated. */
  strict: boolean | undefined;
}

const OPENAI_CALLS = Array.from({ length: 8 }, (_, index) => `a1b2c3${index}`);

const SETTINGS: Record<WireSurfaceId, SurfaceSetting> = {
  'openai-responses': { response: '', calls: OPENAI_CALLS, input: 81, strict: true },
  'openai-chat': {
    response: 'C9jT4l6nqC2dMvWq8m5xYb3ZkE1rP',
    calls: OPENAI_CALLS,
    input: 81,
    strict: true,
  },
  'anthropic-messages': {
    response: 'XFDUDYJgAACzvnptvVoYEL',
    calls: Array.from({ length: 8 }, (_, index) => `A09q90qw90lq917835lq9${index}`),
    input: 412,
    strict: undefined,
  },
  gemini: { response: 'm36LaZGyCLz1xs0PtNSB-QU', calls: [], input: 61, strict: undefined },
  'bedrock-converse': {
    response: '',
    calls: Array.from({ length: 8 }, (_, index) => `kZJMlvQmRJ6eAyJE5GIl7${index}`),
    input: 412,
    strict: undefined,
  },
};

/** The Responses ids' random parts: `resp_68af4030592c81938ec0a5fbab4a3e9f05438e46b5f69a3b`. */
const ITEMS = [
  '68af4030592c81930a8c8193a1c2b4d5',
  '8ec0a5fbab4a3e9f0a8c8193a1c2b4d6',
  '68af4031f0a48193a3c6d7e8f9a0b1c2',
  '68af4030baa48193b0b43b4c2a176a1a',
  ...Array.from({ length: 4 }, (_, index) => `68af40310a8c8193a1c2b4d5e6f7a8b${index}`),
];

/** The neutral turn a scenario describes, for one surface's writer. */
function turnOf(surface: WireSurfaceId, s: Scenario): PayloadTurn {
  const writer = writerFor(surface);
  const setting = SETTINGS[surface];
  return {
    // JSON mode is refused unless the instructions mention JSON.
    system: `You are the billing assistant of Acme Corp.${s.json ? ' Answer in JSON.' : ''}`,
    prompt: 'Charge acct_9 twelve dollars.',
    tools: [
      {
        name: 'charge',
        description: 'Charge a customer account.',
        parameters: CHARGE_SCHEMA,
        strict: s.strict ?? setting.strict,
      },
    ],
    calls: (s.calls ?? []).map((call) => ({
      name: call.name,
      text: call.arguments,
      // Decoded only where the provider decodes (a cut text decodes to what was written, often `{}`).
      value: writer.can.arguments === 'decoded' ? decoded(call.arguments) : null,
    })),
    ending: s.ending === 'ceiling' ? 'ceiling' : 'finished',
    parallel: s.parallel,
    ceiling: s.maxOutputTokens,
    usage: {
      input: setting.input,
      output: s.outputTokens ?? 40,
      reasoning: s.reasoningTokens ?? 0,
    },
    ids: {
      response: setting.response,
      calls: setting.calls,
      items: ITEMS,
      suffix: '05438e46b5f69a3b',
      fingerprint: '3f58d112f7',
    },
    preface: undefined,
    malformedMessage: '',
    created: 1_756_315_696,
    outcome: outcomeOf(surface, s),
    json: s.json,
  };
}

/** What the turn says beside its calls, and how it ends where that is not a plain finish. */
function outcomeOf(surface: WireSurfaceId, s: Scenario): TurnOutcome | undefined {
  if (s.ending === 'filter') {
    // A provider with no filter stop stops on its policy instead: Anthropic's "refusal".
    return writerFor(surface).can.unwritable.filtered === undefined
      ? { kind: 'filtered' }
      : { kind: 'refused', text: s.text ?? '' };
  }
  if (s.text !== undefined) return { kind: 'answered', text: s.text };
  if ((s.calls ?? []).length > 0) return undefined;
  if (s.ending !== 'ceiling') return { kind: 'empty' };
  // A turn cut before any text or call spent its ceiling on reasoning, where it reasoned.
  return (s.reasoningTokens ?? 0) > 0
    ? { kind: 'reasoning-only', text: '' }
    : { kind: 'answered', text: '' };
}

const exchange = (surface: WireSurfaceId, s: Scenario) =>
  writerFor(surface).exchange(turnOf(surface, s));

/** An OpenAI Responses API response; it echoes tools, parallel_tool_calls and the ceiling. */
export function responsesResponse(s: Scenario = {}): Body {
  return exchange('openai-responses', s).response;
}

export function chatRequest(s: Scenario = {}): Body {
  return exchange('openai-chat', s).request;
}

export function chatResponse(s: Scenario = {}): Body {
  return exchange('openai-chat', s).response;
}

export function anthropicRequest(s: Scenario = {}): Body {
  return exchange('anthropic-messages', s).request;
}

/** Anthropic `input` is an object; a cut tool_use arrives with whatever input was written (often `{}`). */
export function anthropicMessage(s: Scenario = {}): Body {
  return exchange('anthropic-messages', s).response;
}

/**
 * A Gemini request declaring the tool in the OpenAPI subset (`parameters`), which the tests of
 * that reading need; the writer's own exchange declares `parametersJsonSchema`.
 */
export function geminiRequest(s: Scenario = {}): Body {
  const turn = turnOf('gemini', s);
  return geminiRequestBody({
    system: turn.system,
    prompt: turn.prompt,
    tools: [
      { functionDeclarations: turn.tools.map((tool) => functionDeclaration(tool, 'parameters')) },
    ],
    generationConfig: turn.ceiling === undefined ? undefined : { maxOutputTokens: turn.ceiling },
  });
}

export function geminiResponse(s: Scenario = {}): Body {
  return exchange('gemini', s).response;
}

/** A Bedrock Converse request: `ConverseCommand`'s input without `modelId`, which travels in the URL. */
export function bedrockRequest(s: Scenario = {}): Body {
  return exchange('bedrock-converse', s).request;
}

export function bedrockResponse(s: Scenario = {}): Body {
  return exchange('bedrock-converse', s).response;
}

/** The object a provider decodes from the JSON text; `{}` where the text does not parse. */
function decoded(text: string): JsonValue {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return {};
  }
}
