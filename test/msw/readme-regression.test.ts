import { copyFileSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import '../../src/vitest.js';
import { reassembleStream } from '../../src/index.js';
import { readHar } from '../../src/msw/index.js';

/**
 * The README's regression suite, run as written over a folder of healthy recordings (the
 * fixtures whose manifest says every call is dispatchable, nothing was cut and strict held).
 */
const fixtures = fileURLToPath(new URL('../../fixtures/', import.meta.url));
const manifest = JSON.parse(readFileSync(join(fixtures, 'manifest.json'), 'utf8')) as {
  scenarios: {
    file: string;
    streamed: boolean;
    expect: { calls?: string[]; truncation?: string; strict?: string };
  }[];
};
const recordings = mkdtempSync(join(tmpdir(), 'recordings-'));
for (const { file, expect: states } of manifest.scenarios) {
  const healthy =
    (states.calls?.length ?? 0) > 0 &&
    states.calls?.every((state) => state === 'dispatchable') &&
    states.truncation === 'complete' &&
    states.strict === 'strict-serialised';
  if (!healthy) continue;
  mkdirSync(join(recordings, file, '..'), { recursive: true });
  copyFileSync(join(fixtures, file), join(recordings, file));
}

// --- as in the README ---
describe.each(readHar(recordings))('$at', ({ request, response }) => {
  const streamed = response.mimeType === 'text/event-stream';
  const exchange = {
    request: request.body,
    response: streamed ? reassembleStream(response.text) : JSON.parse(response.text),
  };
  test('its tool calls can be dispatched', () => expect(exchange).toBeDispatchable());
  test('it was not cut off', () => expect(exchange).toNotBeTruncated());
  test('strict held', () => expect(exchange).toKeepStrictGuarantee());
});
