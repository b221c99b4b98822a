/**
 * Did an MCP tool answer in the shape it promised? A tool that lists an `outputSchema` owes a
 * `structuredContent` that conforms to it (the MCP specification: servers MUST, clients SHOULD
 * validate). Only `structuredContent` is checked, never the whole result envelope. A server whose
 * SDK validates (the TypeScript SDK's `McpServer`, the Python SDK's low-level `Server`) sends its
 * refusal in place of the result: that error is read for what it says was broken, and by whom.
 */
import type { ReadOptions } from '../model/model.js';
import { recordOf } from '../model/narrow.js';
import { checkReadOptions } from '../read/index.js';
import { checkParsedArguments } from '../schema/check-arguments.js';
import {
  jsonRpcMessage,
  MCP_TOOLS_SPEC,
  type McpAnswer,
  mcpToolListOf,
  outputSchemaOf,
  type RequestId,
  readMcpAnswer,
  type SdkValidationError,
  sdkValidationErrorOf,
} from '../surfaces/mcp/index.js';
import { formatCount } from '../text/count.js';
import { describeValue } from '../text/describe-value.js';
import { plural } from '../text/plural.js';
import { upperFirst } from '../text/sentence.js';
import { nearestName } from './near-name.js';
import { readTurn } from './turn.js';
import { nameList, quoted } from './wording.js';

/** What a tool's answer is, judged against the `outputSchema` its tool lists. */
export type ToolResultState =
  | 'matches-output-schema'
  | 'no-output-schema'
  | 'structured-content-missing'
  | 'violates-output-schema'
  | 'arguments-violate-schema'
  | 'tool-error'
  | 'protocol-error'
  | 'unknown-tool'
  | 'schema-invalid'
  | 'unreadable';

/**
 * The verdict on one tool result.
 *
 * @example
 * const verdict: ToolResultDiagnosis = {
 *   state: 'violates-output-schema', tool: 'get_order', callId: '2',
 *   detail: 'The structuredContent of "get_order" breaks its outputSchema in 1 place.',
 *   repairs: ['…'], problems: ['structuredContent.total: expected number, got string "ten"'], notes: [],
 * };
 */
export interface ToolResultDiagnosis {
  state: ToolResultState;
  /** One or two sentences on what was found. */
  detail: string;
  /** What to do about it, most useful first; empty when healthy. */
  repairs: string[];
  /**
   * One line per violation, each with its path from `structuredContent`; for an SDK's refusal,
   * each issue its validator named, as it words it, after `structuredContent:` or `arguments:`.
   */
  problems: string[];
  /** The tool the call named, `''` when unreadable. */
  tool: string;
  /** The JSON-RPC id of the call, `null` when it came without one. */
  callId: string | null;
  /** What was read past: a result without `content`, an argument-less call. */
  notes: string[];
}

/** What `diagnoseToolResult` accepts, said once. */
const ACCEPTS =
  'an MCP exchange { tools, call, result }: the tools/list result, the tools/call request, and its answer';

/**
 * Judges an MCP tool's answer against the `outputSchema` that `tools/list` declares for it.
 * `options.tools` supplies the tools/list result when the exchange does not hold it.
 *
 * @example
 * const { state, problems } = diagnoseToolResult({ tools: listed, call: request, result: answer });
 * // 'violates-output-schema', ['structuredContent.total: expected number, got string "ten"']
 */
export function diagnoseToolResult(
  exchange: unknown,
  options?: Pick<ReadOptions, 'tools'>,
): ToolResultDiagnosis {
  // Options of the wrong kind are a programming error: thrown before the data is read.
  checkReadOptions(options);
  try {
    return judgeExchange(exchange, options);
  } catch (error) {
    // Only exotic values get here (a getter or proxy that throws while being read).
    return unreadable(
      `reading the exchange threw (${error instanceof Error ? error.message : String(error)}); pass plain JSON data`,
    );
  }
}

function judgeExchange(
  exchange: unknown,
  options: Pick<ReadOptions, 'tools'> | undefined,
): ToolResultDiagnosis {
  const record = recordOf(exchange);
  const read = readTurn(
    exchange,
    options?.tools === undefined ? undefined : { tools: options.tools },
  );
  if (!read.ok) return unreadable(`expected ${ACCEPTS}; ${read.found}`);
  const turn = read.turn;
  const [call] = turn.calls;
  if (record === undefined || turn.source !== 'tool-call' || call === undefined) {
    return unreadable(`expected ${ACCEPTS}; got ${describeValue(exchange)}`);
  }
  const base = { tool: call.name, callId: call.callId, problems: [], notes: [...turn.notes] };
  if (!Object.hasOwn(record, 'result')) {
    return { ...base, ...cannotTell(`the exchange has no result; expected ${ACCEPTS}`) };
  }
  const answer = readMcpAnswer(record.result);
  if (answer.kind === 'unreadable') return { ...base, ...cannotTell(answer.problem) };
  if (answer.kind === 'result') base.notes.push(...answer.notes);
  // Ids are compared as sent: 1 and "1" are different JSON-RPC ids.
  const callId = callIdOf(record.call);
  if (answer.id !== null && callId !== undefined && answer.id !== callId) {
    return {
      ...base,
      ...cannotTell(
        `the result answers id ${JSON.stringify(answer.id)}, and the call has id ${JSON.stringify(callId)}: they are not one exchange`,
      ),
    };
  }
  const list = mcpToolListOf(
    options?.tools ?? record.tools,
    options?.tools ? 'options.tools' : 'tools',
  );
  if (list === undefined) {
    // A failure needs no outputSchema to be told: a client whose tools are cached meets these.
    if (answer.kind === 'protocol-error' || answer.isError) {
      return { ...base, ...judgeFailure(quoted(call.name), answer) };
    }
    return {
      ...base,
      ...cannotTell(
        'no tools/list result came with the exchange, so the outputSchema is unknown; pass { tools, call, result } (or { tools } as an option)',
      ),
    };
  }
  const listed = outputSchemaOf(list, call.name);
  if (listed === undefined) return { ...base, ...unknownTool(call.name, list.tools, answer) };
  return { ...base, ...judgeAnswer(call.name, answer, listed) };
}

/** The JSON-RPC id of the exchange's call as sent, `undefined` when it came as bare params. */
function callIdOf(call: unknown): RequestId | undefined {
  const message = jsonRpcMessage(call);
  return message?.kind === 'request' ? message.id : undefined;
}

type Finding = Pick<ToolResultDiagnosis, 'state' | 'detail' | 'repairs'> &
  Partial<Pick<ToolResultDiagnosis, 'problems'>>;

/** Input that holds no call to judge. */
function unreadable(problem: string): ToolResultDiagnosis {
  return { ...cannotTell(problem), problems: [], tool: '', callId: null, notes: [] };
}

/** A call was read, but its answer cannot be judged. */
function cannotTell(problem: string): Finding {
  return { state: 'unreadable', detail: problem, repairs: [`Pass ${ACCEPTS}.`] };
}

function judgeAnswer(
  name: string,
  answer: Exclude<McpAnswer, { kind: 'unreadable' }>,
  listed: { at: string; outputSchema: unknown },
): Finding {
  const tool = quoted(name);
  if (answer.kind === 'protocol-error' || answer.isError) return judgeFailure(tool, answer);
  const { outputSchema, at } = listed;
  if (outputSchema === undefined) {
    return {
      state: 'no-output-schema',
      detail: `${tool} lists no outputSchema, so its result has no declared shape to check${answer.hasStructuredContent ? ' (its structuredContent was not checked)' : ''}.`,
      repairs: [
        `Declare an outputSchema for ${tool} in tools/list if clients read fields from its result, and return them as structuredContent.`,
      ],
    };
  }
  if (!answer.hasStructuredContent) {
    return {
      state: 'structured-content-missing',
      detail: `${tool} lists an outputSchema (${at}.outputSchema), and its result has no structuredContent: the MCP specification says a server MUST return structured results that conform to it.`,
      repairs: [
        `Return the data as structuredContent, in the shape of the outputSchema, beside the content blocks (${MCP_TOOLS_SPEC}#structured-content).`,
        'Clients: read structuredContent rather than parsing the text in content, and treat a missing one as a failed call.',
      ],
    };
  }
  const check = checkParsedArguments(
    outputSchema,
    answer.structuredContent,
    false,
    'structuredContent',
  );
  switch (check.kind) {
    case 'valid':
      return {
        state: 'matches-output-schema',
        detail: `The structuredContent of ${tool} matches its outputSchema.`,
        repairs: [],
      };
    case 'invalid':
      return {
        state: 'violates-output-schema',
        detail: `The structuredContent of ${tool} breaks its outputSchema in ${plural(check.problems.length, 'place')}.`,
        repairs: [
          `Fix the server so the structuredContent of ${tool} conforms to its outputSchema (the MCP specification says it MUST), and validate it before answering, as the SDK's McpServer does.`,
          'Clients SHOULD validate structuredContent against the outputSchema: do so before using it, and treat a violation as a failed call.',
        ],
        problems: check.problems,
      };
    case 'too-deep':
      return {
        state: 'violates-output-schema',
        detail: `The structuredContent of ${tool} nests deeper than any client should accept (${formatCount(check.depth)} levels), so it was not validated.`,
        repairs: ['Return a flatter structuredContent.'],
        problems: [
          `structuredContent: nested ${formatCount(check.depth)} levels deep, past the ${formatCount(check.limit)} levels this check validates`,
        ],
      };
    case 'schema-invalid':
      return {
        state: 'schema-invalid',
        detail: `The outputSchema listed for ${tool} does not compile (${check.reason}), so no result of it can be checked.`,
        repairs: [`Fix the outputSchema at ${at}.outputSchema: ${check.reason}.`],
      };
  }
}

/**
 * A JSON-RPC error, or a result the tool marked `isError`: a failed call owes no shape, unless
 * the failure is the server's own validation saying what broke.
 */
function judgeFailure(tool: string, answer: Exclude<McpAnswer, { kind: 'unreadable' }>): Finding {
  const refused = sdkValidationErrorOf(answer);
  if (refused !== undefined) return sdkRefusal(tool, refused);
  if (answer.kind === 'protocol-error') return protocolError(tool, answer);
  return {
    state: 'tool-error',
    detail: `${tool} reported a failure (isError: true)${answer.text ? `: "${clip(answer.text)}"` : ', with no text'}. Its structuredContent is not checked: a failed call owes no output shape.`,
    repairs: [
      'Treat an isError result as a failed call: give its text back to the model so it can correct the call or give up, and read no structuredContent from it.',
    ],
  };
}

/**
 * The server's SDK validated the call or its result and sent its refusal instead: a finding,
 * its message quoted, the repair addressed to whoever broke the schema (the server's author for
 * the output, the client or its model for the arguments).
 */
function sdkRefusal(tool: string, refused: SdkValidationError): Finding {
  const how = refused.arrives === 'is-error' ? 'isError: true' : 'JSON-RPC error -32602';
  const said = `"${clip(refused.message.replace(/\s*\n\s*/g, '; '), 400)}"`;
  const server = upperFirst(refused.server);
  switch (refused.failure) {
    case 'output-violates-schema':
      return {
        state: 'violates-output-schema',
        detail: `${server} found that the structuredContent of ${tool} breaks its outputSchema, and sent this error in place of the result (${how}): ${said}.`,
        repairs: [
          `Fix the tool behind ${tool} so the structuredContent it returns conforms to its outputSchema, or declare the outputSchema it does return: the server validates each result, and sends every client this error instead of the data.`,
        ],
        problems: refused.issues.map((issue) => `structuredContent: ${issue}`),
      };
    case 'output-missing':
      return {
        state: 'structured-content-missing',
        detail: `${tool} lists an outputSchema, and its tool returned no structuredContent: ${refused.server} refused to send the result, and sent this error in its place (${how}): ${said}.`,
        repairs: [
          `Return the data as structuredContent from the tool behind ${tool}, in the shape of its outputSchema (${MCP_TOOLS_SPEC}#structured-content), or drop the outputSchema if the tool returns only text: the server sends every client this error instead of the result.`,
        ],
      };
    case 'arguments-violate-schema':
      return {
        state: 'arguments-violate-schema',
        detail: `${server} refused the arguments of the call to ${tool}: they break its inputSchema, so the tool did not run (${how}): ${said}.`,
        repairs: [
          `Check the arguments of each call to ${tool} against its inputSchema before sending it (diagnoseCalls on { tools, call }), and give this error text back to the model that wrote the call, so it can correct it.`,
          'If a model writes these calls, have the client send the tool to it with strict: true where the provider allows (toBeStrictCompatible on the tools/list says whether it can), so the arguments are held to the schema.',
        ],
        problems: refused.issues.map((issue) => `arguments: ${issue}`),
      };
  }
}

/** What each JSON-RPC error code a server sends for a `tools/call` means, for its repair. */
function protocolError(
  tool: string,
  answer: Extract<McpAnswer, { kind: 'protocol-error' }>,
): Finding {
  const code = answer.code === null ? 'a JSON-RPC error' : `JSON-RPC error ${answer.code}`;
  const said = answer.message ? `: "${clip(answer.message)}"` : '';
  const repairs =
    answer.code === -32602
      ? [
          'The server rejected the call itself (invalid params: an unknown tool or arguments it would not take): check the call against tools/list before sending it (diagnoseCalls on { tools, call }).',
        ]
      : answer.code === -32601
        ? ['The server does not handle tools/call: check that it declares the tools capability.']
        : [
            'The server answered with an error instead of a result: read its message. If it rejects the arguments, check the call against tools/list (diagnoseCalls on { tools, call }); otherwise retry, and report it to whoever runs the server.',
          ];
  return {
    state: 'protocol-error',
    detail: `The server answered the call to ${tool} with ${code}${said}, not with a tool result.`,
    repairs,
  };
}

/** The call names a tool the tools/list does not hold: there is no outputSchema to judge by. */
function unknownTool(name: string, tools: readonly unknown[], answer: McpAnswer): Finding {
  const listed = tools.flatMap((tool) => {
    const entry = recordOf(tool);
    return typeof entry?.name === 'string' ? [entry.name] : [];
  });
  const near = name === '' ? null : nearestName(name, listed);
  const code = answer.kind === 'protocol-error' && answer.code !== null ? ` ${answer.code}` : '';
  const server =
    answer.kind === 'protocol-error'
      ? ` The server answered with JSON-RPC error${code}${answer.message ? ` ("${clip(answer.message)}")` : ''}.`
      : answer.kind === 'result'
        ? ' The server answered it with a result anyway.'
        : '';
  return {
    state: 'unknown-tool',
    detail: `No tool named ${quoted(name)} is in tools/list${listed.length > 0 ? ` (listed: ${nameList(listed)})` : ' (it lists no tools)'}${near ? `; the nearest is ${quoted(near)}` : ''}, so there is no outputSchema to judge its result by.${server}`,
    repairs: [
      'Pass the tools/list result the call was made against; if it is the current one, have the client call only listed names.',
    ],
  };
}

function clip(text: string, limit = 160): string {
  return text.length > limit ? `${text.slice(0, limit)}…` : text;
}
