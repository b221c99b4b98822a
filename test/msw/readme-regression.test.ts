import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';
// As the README's setup file does; the block's own imports are below, as written.
import '../../src/vitest.js';

/**
 * The README's regression suite, run as written over a folder of healthy recordings (the
 * fixtures whose manifest says every call is dispatchable, nothing was cut and strict held),
 * from a project folder holding them in recordings/, as the README's 'recordings/' expects.
 */
const fixtures = fileURLToPath(new URL('../../fixtures/', import.meta.url));
const manifest = JSON.parse(readFileSync(join(fixtures, 'manifest.json'), 'utf8')) as {
  scenarios: {
    file: string;
    streamed: boolean;
    expect: { calls?: string[]; truncation?: string; strict?: string };
  }[];
};
const project = mkdtempSync(join(tmpdir(), 'readme-regression-'));
const healthy = manifest.scenarios
  .filter(
    ({ expect: states }) =>
      (states.calls?.length ?? 0) > 0 &&
      states.calls?.every((state) => state === 'dispatchable') &&
      states.truncation === 'complete' &&
      states.strict === 'strict-serialised',
  )
  .map(({ file }) => file);
for (const file of healthy) {
  mkdirSync(join(project, 'recordings', file, '..'), { recursive: true });
  copyFileSync(join(fixtures, file), join(project, 'recordings', file));
}
// A session the recorder saved: several entries in one file, whose names differ only at the end.
const session = JSON.parse(readFileSync(join(fixtures, healthy[0] ?? ''), 'utf8'));
session.log.entries = healthy.flatMap(
  (file) => JSON.parse(readFileSync(join(fixtures, file), 'utf8')).log.entries,
);
writeFileSync(join(project, 'recordings/session.har'), JSON.stringify(session));

// readHar reads the folder here, while the file is collected; the describes hold what it read.
const cwd = process.cwd();
process.chdir(project);

// --- README: Recorded responses: msw and the recorder ---
import { reassembleStream } from 'tool-call-health';
import { readHar } from 'tool-call-health/har';
import { describe, expect, test } from 'vitest';

for (const { at, request, response } of readHar('recordings/')) {
  describe(at, () => {
    const streamed = response.mimeType === 'text/event-stream';
    const exchange = {
      request: request.body,
      response: streamed ? reassembleStream(response.text) : JSON.parse(response.text),
    };
    test('its tool calls can be dispatched', () => expect(exchange).toBeDispatchable());
    test('it was not cut off', () => expect(exchange).toNotBeTruncated());
    test('strict held', () => expect(exchange).toKeepStrictGuarantee());
  });
}
// --- end ---

process.chdir(cwd);
afterAll(() => rmSync(project, { recursive: true, force: true }));

test('each recording gets its own describe, named in full by its file and entry', ({ task }) => {
  const names = task.file.tasks.filter((each) => each.type === 'suite').map(({ name }) => name);
  expect(healthy.length).toBeGreaterThan(3);
  // Whole names (sorted: the run shuffles the tasks). `describe.each(...)('$at')` cut each to 40
  // characters, quotes included, which gave the entries of one file one name.
  const expected = [
    ...healthy.map((file) => `recordings/${file} entries[0]`),
    ...healthy.map((_, index) => `recordings/session.har entries[${index}]`),
  ];
  expect([...names].sort()).toEqual(expected.sort());
  expect(new Set(names).size).toBe(names.length);
});
