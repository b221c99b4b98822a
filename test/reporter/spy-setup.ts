/**
 * What each matcher returned, written down apart from the reporter's own path: each test's
 * matchers are wrapped before it runs (after its file registered the plain ones), and every
 * call's `pass` is appended to the file `TCH_SPY_FILE` names.
 */
import { appendFileSync } from 'node:fs';
import { beforeEach, expect } from 'vitest';
import { matchers } from '../../src/matchers/index.js';

const spyFile = process.env.TCH_SPY_FILE;

type Matcher = (this: unknown, ...args: unknown[]) => { pass: boolean };

beforeEach((context) => {
  if (spyFile === undefined) return;
  const wrapped = Object.fromEntries(
    Object.entries(matchers).map(([name, matcher]) => [
      name,
      function (this: unknown, ...args: unknown[]) {
        const result = (matcher as unknown as Matcher).apply(this, args);
        const test = context.task.fullName.split(' > ').slice(1).join(' > ');
        appendFileSync(spyFile, `${JSON.stringify({ test, matcher: name, pass: result.pass })}\n`);
        return result;
      },
    ]),
  );
  expect.extend(wrapped as never);
});
