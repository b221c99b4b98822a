/**
 * The order-support agent: one model turn through the official OpenAI client, then the
 * dispatcher over the calls it returned.
 */
import type OpenAI from 'openai';
import { dispatchTurn, type Outcome } from './dispatch.js';
import type { OrderDesk } from './order-desk.js';
import { INSTRUCTIONS, TOOLS } from './tools.js';

export interface AgentOptions {
  model?: string;
  /** The output-token ceiling; reasoning counts against it. */
  maxOutputTokens?: number;
  /**
   * Whether the model may call several tools in one turn. Off by default: with it on, a turn
   * with several calls is not held to the strict schemas.
   */
  parallelToolCalls?: boolean;
}

export interface Turn {
  request: OpenAI.Responses.ResponseCreateParamsNonStreaming;
  response: OpenAI.Responses.Response;
  outcomes: Outcome[];
  /** The output ceiling cut the turn: ask again with more room rather than act on a part. */
  cut: boolean;
}

export class OrderSupportAgent {
  readonly #client: OpenAI;
  readonly #desk: OrderDesk;
  readonly #options: Required<AgentOptions>;

  constructor(client: OpenAI, desk: OrderDesk, options: AgentOptions = {}) {
    this.#client = client;
    this.#desk = desk;
    this.#options = {
      model: options.model ?? 'gpt-5',
      maxOutputTokens: options.maxOutputTokens ?? 2_048,
      parallelToolCalls: options.parallelToolCalls ?? false,
    };
  }

  /** The request the agent sends for a customer's message. */
  requestFor(message: string): OpenAI.Responses.ResponseCreateParamsNonStreaming {
    return {
      model: this.#options.model,
      instructions: INSTRUCTIONS,
      input: message,
      tools: TOOLS,
      parallel_tool_calls: this.#options.parallelToolCalls,
      max_output_tokens: this.#options.maxOutputTokens,
    };
  }

  /** Sends the message, then runs the calls that check out and rejects the others. */
  async handle(message: string): Promise<Turn> {
    const request = this.requestFor(message);
    const response = await this.#client.responses.create(request);
    return {
      request,
      response,
      outcomes: dispatchTurn(response, this.#desk),
      cut:
        response.status === 'incomplete' &&
        response.incomplete_details?.reason === 'max_output_tokens',
    };
  }
}
