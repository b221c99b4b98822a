/**
 * Deep and huge data get a clear verdict in bounded time: a stated depth limit instead of a
 * RangeError, linear work instead of quadratic. The sizes here keep `npm test` fast;
 * deep-and-huge.stress.ts runs the same checks at 1,000,000 levels, 100 MB and 100,000 calls
 * (`npm run test:stress`). Linear work is proved by growth, in growth.test.ts, not by the
 * timeouts: quadratic work on 10,000 calls or tools is about 10^8 cheap steps, which finishes
 * well inside any hang guard.
 */
import { describe } from 'vitest';
import { deepChecks, hugeChecks } from './deep-and-huge.checks.js';

// Each test's hang guard, generous on purpose: a loaded 2-core CI machine is many times slower
// than a laptop. What it catches is a check that would not finish (recursion without a depth
// limit, or a string of 10 MB read again for each of its characters), never a slow one; speed
// is `npm run bench`'s to measure, and linearity growth.test.ts's.
const TIMEOUT_MS = 50_000;

describe('deep data', () => deepChecks(100_000, TIMEOUT_MS));
describe('huge data', () => hugeChecks({ stringMb: 10, calls: 10_000, tools: 10_000 }, TIMEOUT_MS));
