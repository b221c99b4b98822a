/**
 * The Converse bodies `bedrockWriter.exchange` writes (what `toolCallResponse` yields on
 * `bedrock-converse`), as this library's own structural types: no SDK is imported.
 * `test/types/arbitraries-payloads.typecheck.ts` proves what each is assignable to in
 * `@aws-sdk/client-bedrock-runtime` (`ConverseCommandInput` once a `modelId` is added,
 * `ConverseCommandOutput` but for the `$metadata` the SDK adds from the HTTP response). Type
 * aliases rather than interfaces, so a body is still a JSON record.
 */

/**
 * A JSON value with no `undefined` member anywhere, as Smithy's `DocumentType` (what the SDK
 * types `inputSchema.json` and `toolUse.input` with) has none; JSON parsed from the wire never
 * holds one.
 *
 * @example
 * const schema: BedrockDocument = { type: 'object', properties: { order_id: { type: 'string' } } };
 */
export type BedrockDocument =
  | null
  | boolean
  | number
  | string
  | BedrockDocument[]
  | { [key: string]: BedrockDocument };

/**
 * A `toolConfig.tools` item: a `toolSpec`, `strict` only where the tool states it.
 *
 * @example
 * const tool: BedrockToolWire = { toolSpec: { name: 'lookup_order', description: 'Look up an order.', inputSchema: { json: { type: 'object' } }, strict: true } };
 */
export type BedrockToolWire = {
  toolSpec: {
    name: string;
    description: string;
    inputSchema: { json: { [key: string]: BedrockDocument } };
    strict?: boolean;
  };
};

/**
 * A Converse request body: `ConverseCommand`'s input without `modelId`, which travels in the URL
 * (`POST /model/{modelId}/converse`).
 *
 * @example
 * const request: BedrockRequestWire = { inferenceConfig: { maxTokens: 1024 }, messages: [{ role: 'user', content: [{ text: 'Where is A-1001?' }] }], system: [{ text: 'Be brief.' }], toolConfig: { tools: [] } };
 */
export type BedrockRequestWire = {
  /** Stated only where the turn has a ceiling. */
  inferenceConfig?: { maxTokens: number };
  messages: [{ role: 'user'; content: [{ text: string }] }];
  system: [{ text: string }];
  toolConfig: { tools: BedrockToolWire[] };
};

/**
 * A `text` content block before the calls.
 *
 * @example
 * const block: BedrockTextWire = { text: "I'll look into that now." };
 */
export type BedrockTextWire = { text: string };

/**
 * A `toolUse` content block; `input` is the object Bedrock decoded (only the keys decoded so far
 * where the output ceiling cut it: it looks whole all the same).
 *
 * @example
 * const block: BedrockToolUseWire = { toolUse: { toolUseId: 'tooluse_kZJMlvQmRJ6eAyJE5GIl7Q', name: 'lookup_order', input: { order_id: 'A-1001' } } };
 */
export type BedrockToolUseWire = {
  toolUse: {
    toolUseId: `tooluse_${string}`;
    name: string;
    input: { [key: string]: BedrockDocument };
  };
};

/**
 * A Converse response body as the API sends it (and as the AWS SDK returns it, without the
 * `$metadata` it adds); its `output.message` goes back into the next request's `messages`.
 *
 * @example
 * const calls = response.output.message.content.filter((block) => 'toolUse' in block);
 */
export type BedrockResponseWire = {
  output: {
    message: { role: 'assistant'; content: (BedrockTextWire | BedrockToolUseWire)[] };
  };
  /** `max_tokens` where the output ceiling cut the last call. */
  stopReason: 'tool_use' | 'max_tokens';
  usage: { inputTokens: number; outputTokens: number; totalTokens: number };
  metrics: { latencyMs: number };
};

/**
 * A Converse request and its response.
 *
 * @example
 * const { request, response }: BedrockExchangeWire = sample.payload;
 */
export type BedrockExchangeWire = {
  request: BedrockRequestWire;
  response: BedrockResponseWire;
};
