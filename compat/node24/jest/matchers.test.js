/**
 * A real Jest 30 run (ESM, as the package is ESM-only) of the matchers from
 * `tool-call-health/matchers`, registered by `expect.extend` in jest/setup.js.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from '@jest/globals';

/** A recording's request and response bodies, read without msw (msw 3 needs Node 22.12+). */
const recorded = (path) => {
  const file = new URL(`../../../fixtures/${path}`, import.meta.url);
  const [entry] = JSON.parse(readFileSync(file, 'utf8')).log.entries;
  return {
    request: JSON.parse(entry.request.postData.text),
    response: JSON.parse(entry.response.content.text),
  };
};

describe('with Jest 30', () => {
  const healthy = recorded('openai-chat/healthy-call.har');
  const cut = recorded('openai-chat/length-mid-arguments.har');
  const violating = recorded('openai-chat/schema-violation.har');

  test('the matchers are registered and pass on a healthy recording', () => {
    expect(healthy).toBeDispatchable();
    expect(healthy.response).toNotBeTruncated();
    expect(healthy.response).toCallTool(
      'lookup_order',
      expect.objectContaining({ order_id: expect.any(String) }),
    );
    expect(healthy.request.tools).toBeStrictCompatible({ provider: 'openai' });
  });

  test('Jest handles .not, and the asymmetric forms work', () => {
    expect(cut.response).not.toNotBeTruncated();
    expect(violating).not.toBeDispatchable();
    expect([healthy.response]).toContainEqual(expect.toCallTool('lookup_order'));
  });

  test('a failure carries the evidence', () => {
    expect(() => expect(violating).toBeDispatchable()).toThrow(
      /Expected every tool call to be dispatchable/,
    );
  });

  test('resolves awaits the value first', async () => {
    await expect(Promise.resolve(healthy)).resolves.toBeDispatchable();
  });
});
