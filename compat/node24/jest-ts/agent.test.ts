/**
 * The README's Jest with TypeScript test, as written, transformed by @swc/jest and type-checked
 * by tsc (jest-ts/tsconfig.json) with only jest.setup.ts declaring the matchers' types.
 */
// --- README: Jest with TypeScript ---
// agent.test.ts
import { expect, test } from '@jest/globals';
import { request, response } from './exchange.js'; // your agent's exchange, e.g. from readHar

test('the agent looks the order up with arguments it can dispatch', () => {
  expect({ request, response }).toBeDispatchable();
  expect(response).toCallTool('lookup_order', expect.objectContaining({ order_id: 'A-2001' }));
});
// --- end ---

test('the types are the matchers, not any', () => {
  const misspelt = () => {
    // @ts-expect-error a misspelt matcher does not compile
    expect(response).toBeDispatchible();
  };
  expect(misspelt).toThrow(TypeError);
  // @ts-expect-error only the providers with a strict mode
  expect(() => expect(response).toBeStrictCompatible({ provider: 'gemini' })).toThrow();
});
