/** The adapter's provider data agrees with the surfaces it names. */
import { expect, test } from 'vitest';
import { CUT_CALLS_LOOK_WHOLE, providerSurface } from '../../../src/frameworks/ai-sdk/providers.js';
import { SURFACE_IDS, surfaceById } from '../../../src/registry/index.js';

test('the surfaces whose cut calls look whole are the ones whose facts say so', () => {
  expect([...CUT_CALLS_LOOK_WHOLE].sort()).toEqual(
    SURFACE_IDS.filter((id) => surfaceById(id).facts.cutCallsLookWhole).sort(),
  );
});

test('a provider id names its wire surface, and anything else none', () => {
  expect(providerSurface({ provider: 'openai.responses', modelId: 'gpt-5' })).toBe(
    'openai-responses',
  );
  expect(providerSurface({ provider: 'anthropic.messages' })).toBe('anthropic-messages');
  expect(providerSurface({ provider: 'mock-provider' })).toBeNull();
  expect(providerSurface({ provider: 'toString' })).toBeNull();
  expect(providerSurface(Object.create({ provider: 'openai.chat' }))).toBeNull();
  expect(providerSurface(null)).toBeNull();
});
