/**
 * Copied into a new project as test/record.test.ts (project.test.ts): runs the README's recorder
 * set-up (record.ts) as written and reads back the HAR it saved.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';

test('the recorder set-up runs as written and saves a HAR', async () => {
  await import('./record.js');
  const saved = JSON.parse(readFileSync('recordings/refund.har', 'utf8'));
  expect(saved.log.entries).toEqual([]);
});
