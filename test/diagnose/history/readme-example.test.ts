/**
 * The README's "Check the history you send back" example, as a user would copy it: public
 * entry points only. If this file changes, the README section changes with it.
 */
// --- README: Check the history you send back ---
import fc from 'fast-check';
import { brokenToolHistory } from 'tool-call-health/arbitraries';
import { describe, expect, test } from 'vitest';
import 'tool-call-health/vitest';

// Your loop's history code: here, a trimmer that keeps the last `keep` messages but never
// starts the kept part on a tool message whose call was cut away.
function trimHistory<M extends { role: string }>(messages: M[], keep: number): M[] {
  let start = Math.max(0, messages.length - keep);
  while (start < messages.length && messages[start]?.role === 'tool') start += 1;
  return messages.slice(start);
}

describe('the history my agent loop sends back', () => {
  test('every tool call is answered before the next request', () => {
    const request = {
      model: 'gpt-4.1',
      messages: [
        { role: 'user', content: 'Refund order A-1042' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name: 'lookup_order', arguments: '{}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: '{"status":"delivered"}' },
      ],
    };
    expect(request).toHaveConsistentToolHistory();
  });

  test('trimming never leaves a result without its call', () => {
    fc.assert(
      fc.property(brokenToolHistory({ surface: 'openai-chat' }), fc.nat(12), ({ intact }, keep) => {
        const messages = intact.messages as Array<{ role: string }>;
        expect({ ...intact, messages: trimHistory(messages, keep) }).toHaveConsistentToolHistory();
      }),
    );
  });
});
// --- end ---
