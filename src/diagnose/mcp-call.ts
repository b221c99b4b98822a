/**
 * The verdict on an MCP `tools/call`: its arguments against the `inputSchema` its tool lists.
 * No model output surrounds it, so there is no stop reason to read, no ceiling to cut it and
 * no strict flag: a call that matches its inputSchema is fit to run, and the server's own
 * validation is the only thing that holds a call to it.
 */
import type { ToolCall, ToolDeclaration } from '../model/model.js';
import { isRecord, kindOf } from '../model/narrow.js';
import { checkParsedArguments } from '../schema/check-arguments.js';
import { formatCount } from '../text/count.js';
import { plural } from '../text/plural.js';
import { type CallVerdict, verdict } from './call-verdict.js';
import { nearestName } from './near-name.js';
import { nameList, quoted } from './wording.js';

/** How to have a call checked at all: give the tools it was listed with. */
const PASS_TOOLS =
  'Pass the exchange { tools, call } (the tools/list result beside the tools/call request), or { tools } as an option, so the arguments are checked against the inputSchema.';

/** What a server owes a call that breaks its inputSchema. */
const VALIDATE_IN_SERVER =
  "Validate tools/call arguments against the tool's inputSchema in the server before the tool runs, and answer a failure with a result of isError: true that names each problem, so the model can correct its call.";

/** What a client can do: MCP holds no model to inputSchema. */
const VALIDATE_IN_CLIENT =
  'MCP has no strict flag: if a model wrote this call, check it against inputSchema on the client before sending it too.';

/**
 * Judges one MCP call against the tools listed with it (`null` when none came).
 *
 * @example
 * judgeMcpCall(call, new Map([['get_order', declaration]])).state; // 'arguments-violate-schema'
 */
export function judgeMcpCall(
  call: ToolCall,
  tools: Map<string, ToolDeclaration> | null,
): CallVerdict {
  const args = call.arguments;
  const value = args.form === 'object' ? args.value : undefined;
  if (!isRecord(value)) {
    return verdict(
      call,
      'arguments-unparseable',
      `The arguments are ${kindOf(value)}, not an object: MCP sends a tool's arguments as one JSON object.`,
      [
        `Send the arguments of ${quoted(call.name)} as a JSON object keyed by parameter name (or leave arguments out for a tool that takes none).`,
        VALIDATE_IN_SERVER,
      ],
    );
  }
  if (tools === null) {
    return verdict(
      call,
      'dispatchable-unconstrained',
      'The arguments are an object, but no tools/list came with this MCP call, so the inputSchema was not checked.',
      [PASS_TOOLS],
      [],
      value,
    );
  }
  const tool = tools.get(call.name);
  if (tool === undefined) return unlistedTool(call, tools, value);
  if (tool.schema === undefined || tool.schema === null) {
    return verdict(
      call,
      'dispatchable-unconstrained',
      `${quoted(tool.name)} lists no inputSchema (MCP requires one), so there is nothing to hold its arguments to.`,
      [
        `Give ${quoted(tool.name)} an inputSchema in tools/list: { "type": "object" } at least, with its properties.`,
      ],
      [],
      value,
    );
  }
  const check = checkParsedArguments(tool.schema, value, false);
  switch (check.kind) {
    case 'valid':
      return verdict(
        call,
        'dispatchable',
        `Matches the inputSchema of ${quoted(tool.name)}.`,
        [],
        [],
        value,
      );
    case 'invalid':
      return verdict(
        call,
        'arguments-violate-schema',
        `Breaks the inputSchema of ${quoted(tool.name)} in ${plural(check.problems.length, 'place')}. MCP has no strict flag: nothing but a validating server stands between these arguments and the tool.`,
        [VALIDATE_IN_SERVER, VALIDATE_IN_CLIENT],
        check.problems,
        value,
      );
    case 'too-deep':
      return verdict(
        call,
        'arguments-violate-schema',
        `The arguments nest deeper than any server should accept (${formatCount(check.depth)} levels), so they were not validated.`,
        [VALIDATE_IN_SERVER],
        [
          `arguments: nested ${formatCount(check.depth)} levels deep, past the ${formatCount(check.limit)} levels this check validates`,
        ],
      );
    case 'schema-invalid':
      return verdict(
        call,
        'schema-invalid',
        `The inputSchema listed for ${quoted(tool.name)} does not compile (${check.reason}), so no call to it can be checked.`,
        [
          `Fix the inputSchema of ${quoted(tool.name)} at ${tool.at}: ${check.reason}.`,
          'Lint the tools/list result in a unit test (toBeStrictCompatible) so a broken schema never ships.',
        ],
        [],
        value,
      );
  }
}

/** A call to a name the tools/list does not hold. */
function unlistedTool(
  call: ToolCall,
  tools: Map<string, ToolDeclaration>,
  value: Record<string, unknown>,
): CallVerdict {
  const listed = [...tools.keys()];
  const near = call.name === '' ? null : nearestName(call.name, listed);
  const named =
    call.name === ''
      ? 'The call names its tool "", and no tool'
      : `No tool named ${quoted(call.name)}`;
  return verdict(
    call,
    'unknown-tool',
    `${named} is in tools/list${listed.length > 0 ? ` (listed: ${nameList(listed)})` : ' (it lists no tools)'}${near ? `; the nearest is ${quoted(near)}` : ''}.`,
    [
      'Answer a tools/call for an unlisted tool with the JSON-RPC error -32602 (unknown tool), as the MCP specification says, rather than throwing from the handler lookup.',
      near
        ? `Check that the client and the server agree on names: ${quoted(call.name)} looks like ${quoted(near)} renamed on one side only.`
        : 'Have the client call only names from the current tools/list, and list again when the server sends notifications/tools/list_changed.',
    ],
    [],
    value,
  );
}
