/**
 * Copied into a new project as test/property.test.ts, beside src/parse-arguments.ts (the
 * parser of examples/property-testing), and run there by a real vitest (project.test.ts).
 */
// --- README: Arbitraries for property tests ---
import { test } from '@fast-check/vitest';
import { truncatedJson } from 'tool-call-health/arbitraries';
import { expect } from 'vitest';
import { parseArguments } from '../src/parse-arguments.js';

test.prop([truncatedJson()])('a cut argument string is never dispatched', (text) => {
  expect(parseArguments('issue_refund', text)).toMatchObject({ ok: false, reason: 'truncated' });
});
// --- end ---
