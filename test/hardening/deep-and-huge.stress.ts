/**
 * The deep-and-huge checks at the sizes the hardening issue names: 1,000,000 levels, 100 MB
 * argument strings, 100,000 calls in one turn, 10,000 tools. Run by `npm run test:stress`.
 */
import { describe } from 'vitest';
import { deepChecks, hugeChecks } from './deep-and-huge.checks.js';

// No timeout passed: vitest.stress.config.ts gives each test 10 minutes, the hang guard here.
// Work that grew with the square of the depth or of a string's length would not finish within
// it; quadratic work on 100,000 calls might, so their linearity is proved by growth in
// deep-and-huge.test.ts.
describe('1,000,000 levels deep', () => deepChecks(1_000_000));
describe('100 MB strings, 100,000 calls, 10,000 tools', () =>
  hugeChecks({ stringMb: 100, calls: 100_000, tools: 10_000 }));
