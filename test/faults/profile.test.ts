/**
 * Every fault's whole profile, not one diagnosis: what `writeFault` answers (and so what
 * `faultHandlers` sends) on every surface, whole and streamed, for strict and loose tools, each
 * parallel setting the surface can state, and ceilings from 1 token to none, over a sweep of
 * seeds. The fault's own diagnosis reads its state; the other two read what the same request
 * reads with a healthy answer. A small ceiling is where a call's usage could reach the ceiling
 * (and read as `ceiling-unreported`); many seeds are where a cut could fall at the very end.
 */
import { describe, expect, test } from 'vitest';
import { faultsFor } from '../../src/faults/faults.js';
import { writeFault } from '../../src/faults/write.js';
import { reassembleStream } from '../../src/index.js';
import type { Fault } from '../../src/model/fault-names.js';
import { SURFACE_IDS } from '../../src/registry/index.js';
import { writerFor } from '../../src/writers/index.js';
import { expectedProfile, profileOf, requestFor, type Setting, sweep } from './profile.js';

const SEEDS = 6;

describe('every fault reads as its whole profile, over ceilings and seeds', () => {
  const cases = SURFACE_IDS.flatMap((surface) =>
    [false, true].map((streamed) => [surface, streamed ? 'streamed' : 'whole', streamed] as const),
  );
  test.each(cases)('%s, %s', (surface, _mode, streamed) => {
    const { mismatches, written } = sweep(surface, streamed, SEEDS);
    expect(mismatches).toEqual([]);
    expect(written).toBeGreaterThan(0);
  });

  test('a cut falls inside the arguments for every seed: 300 seeds of each cut on each surface', () => {
    const mismatches: string[] = [];
    for (const surface of SURFACE_IDS) {
      const setting: Setting = {
        strict: writerFor(surface).can.strictTools,
        parallel: undefined,
      };
      for (const streamed of [false, true]) {
        const body = requestFor(surface, setting, 1024, streamed);
        for (const fault of ['arguments-truncated', 'stream-cut'] as const) {
          if (!faultsFor(surface, streamed).includes(fault)) continue;
          for (let seed = 0; seed < 300; seed += 1) {
            const answer = writeFault({ surface, streamed, body, sse: true }, { fault, seed });
            if (!answer.ok) throw new Error(answer.problem);
            const response = streamed
              ? reassembleStream(answer.body)
              : JSON.parse(answer.body as string);
            const found = profileOf({ request: body, response });
            const expected = expectedProfile(fault, surface, setting);
            if (JSON.stringify(found) !== JSON.stringify(expected)) {
              mismatches.push(`${surface} ${fault} seed ${seed}: read ${JSON.stringify(found)}`);
            }
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  test('a fault a request cannot carry is refused for that reason alone', () => {
    const loose = requestFor(
      'openai-chat',
      { strict: false, parallel: undefined },
      undefined,
      false,
    );
    const refusal = (fault: Fault) =>
      writeFault({ surface: 'openai-chat', streamed: false, body: loose }, { fault, seed: 0 });
    expect(refusal('ceiling-unreported')).toMatchObject({
      ok: false,
      code: 'fault-not-expressible',
    });
    expect(refusal('strict-void')).toMatchObject({ ok: false, code: 'fault-not-expressible' });
  });
});
