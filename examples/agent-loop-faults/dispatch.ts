/**
 * Runs the calls of one finished turn and writes the tool messages that go back to the model:
 * a call that cannot run (no such tool, arguments that are no JSON or break the schema) is
 * answered with what was wrong, so the model can send it again; the same call twice in one
 * turn runs once, so a repeated refund is not paid twice.
 */
import type OpenAI from 'openai';
import type { z } from 'zod';
import { IssueRefund, LookupOrder, type OrderDesk } from './tools.js';

type ToolCall = OpenAI.Chat.ChatCompletionMessageToolCall;
type ToolMessage = OpenAI.Chat.ChatCompletionToolMessageParam;

/**
 * The tool messages answering `calls`, one per call and in order, after running on `desk` the
 * calls that check out.
 *
 * @example
 * ```ts
 * messages.push(message, ...runCalls(message.tool_calls ?? [], desk));
 * ```
 */
export function runCalls(calls: readonly ToolCall[], desk: OrderDesk): ToolMessage[] {
  const answered = new Map<string, string>();
  return calls.map((call) => {
    const key = call.type === 'function' ? `${call.function.name} ${call.function.arguments}` : '';
    const content = answered.get(key) ?? JSON.stringify(runCall(call, desk));
    if (key !== '') answered.set(key, content);
    return { role: 'tool', tool_call_id: call.id, content };
  });
}

function runCall(call: ToolCall, desk: OrderDesk): Record<string, unknown> {
  if (call.type !== 'function') return { error: 'Only function tools are available.' };
  const { name, arguments: text } = call.function;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: 'Your arguments are not JSON. Send the call again with one JSON object.' };
  }
  switch (name) {
    case 'lookup_order': {
      const checked = LookupOrder.safeParse(value);
      return checked.success ? desk.lookupOrder(checked.data) : invalid(checked.error);
    }
    case 'issue_refund': {
      const checked = IssueRefund.safeParse(value);
      return checked.success ? desk.issueRefund(checked.data) : invalid(checked.error);
    }
    default:
      return { error: `There is no tool "${name}". The tools are lookup_order and issue_refund.` };
  }
}

function invalid(error: z.ZodError): Record<string, unknown> {
  return {
    error: 'Your arguments do not match the tool schema.',
    problems: error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
  };
}
