import { describe, expect, test } from 'vitest';
import { PLAIN } from '../../src/cli/format.js';
import {
  createProgress,
  LOG_INTERVAL_MS,
  progressLine,
  REDRAW_INTERVAL_MS,
} from '../../src/cli/progress.js';
import { scrub } from '../../src/cli/secrets.js';
import { paletteFor, wantsColor } from '../../src/cli/style.js';

describe('colour', () => {
  test('only on a terminal with colours, and never with NO_COLOR', () => {
    expect(wantsColor({ isTTY: true, hasColors: true, env: {} })).toBe(true);
    expect(wantsColor({ isTTY: false, hasColors: false, env: {} })).toBe(false);
    expect(wantsColor({ isTTY: true, hasColors: false, env: {} })).toBe(false);
    expect(wantsColor({ isTTY: true, hasColors: true, env: { NO_COLOR: '1' } })).toBe(false);
    // https://no-color.org: an empty NO_COLOR does not count.
    expect(wantsColor({ isTTY: true, hasColors: true, env: { NO_COLOR: '' } })).toBe(true);
    expect(paletteFor(false)).toBe(PLAIN);
  });
});

describe('the progress line', () => {
  test('entries done and the rate, cut to the terminal width', () => {
    expect(progressLine(12_500, 5_000, 'logs/day-1.jsonl:12500', 80)).toBe(
      '12,500 entries audited (2,500/s)  logs/day-1.jsonl:12500',
    );
    expect(progressLine(1, 0, 'a.json', 80)).toBe('1 entry audited (0/s)  a.json');
    const narrow = progressLine(5, 1000, 'x'.repeat(200), 40);
    expect(narrow).toHaveLength(39);
    expect(narrow.endsWith('…')).toBe(true);
  });

  test('redrawn at most ten times a second, and cleared', () => {
    expect(REDRAW_INTERVAL_MS).toBe(100);
    let clock = 0;
    const written: string[] = [];
    const progress = createProgress(
      { write: (text) => written.push(text), columns: 80 },
      () => clock,
    );
    for (let done = 1; done <= 1000; done += 1) {
      clock += 1; // a thousand entries in one second, one a millisecond
      progress.update(done, 'a.jsonl');
    }
    // The first update draws at once; each later draw waits a full 100 ms after the previous.
    expect(written).toEqual([
      '\r\u001b[2K1 entry audited (1,000/s)  a.jsonl',
      ...[101, 201, 301, 401, 501, 601, 701, 801, 901].map(
        (done) => `\r\u001b[2K${done} entries audited (1,000/s)  a.jsonl`,
      ),
    ]);
    progress.clear();
    expect(written.at(-1)).toBe('\r\u001b[2K');
    progress.clear();
    expect(written.filter((line) => line === '\r\u001b[2K')).toHaveLength(1);
  });

  test('with the bytes read: of how many, and the time left at the rate so far', () => {
    const mb = 1024 * 1024;
    expect(
      progressLine(2_000, 10_000, 'day-1.jsonl:2000', 200, { read: 45 * mb, total: 120 * mb }),
    ).toBe(
      '2,000 entries audited (200/s), 45 MB of 120 MB (37%), about 17 s left  day-1.jsonl:2000',
    );
    expect(progressLine(10, 1_000, 'a', 200, { read: 2 * mb, total: 2 * mb })).toBe(
      '10 entries audited (10/s), 2.0 MB of 2.0 MB (100%)  a',
    );
    expect(progressLine(10, 60_000, 'a', 200, { read: mb, total: 100 * mb })).toBe(
      '10 entries audited (0/s), 1.0 MB of 100 MB (1%), about 99 min left  a',
    );
  });

  test('in a log (stderr no terminal): a whole line every ten seconds, never redrawn', () => {
    expect(LOG_INTERVAL_MS).toBe(10_000);
    let clock = 0;
    const written: string[] = [];
    const progress = createProgress(
      { write: (text) => written.push(text), columns: Number.POSITIVE_INFINITY, mode: 'log' },
      () => clock,
    );
    for (let done = 1; done <= 25; done += 1) {
      clock += 1_000; // one entry a second
      progress.update(done, `a.jsonl:${done}`);
    }
    expect(written).toEqual([
      '10 entries audited (1/s)  a.jsonl:10\n',
      '20 entries audited (1/s)  a.jsonl:20\n',
    ]);
    progress.clear();
    expect(written).toHaveLength(2);
  });

  test('draws nothing with --quiet', () => {
    const progress = createProgress(null, () => 0);
    expect(() => {
      progress.update(1, 'a');
      progress.clear();
    }).not.toThrow();
  });
});

describe('scrub', () => {
  test('key-shaped strings and the literal keys in use become [REDACTED]', () => {
    expect(
      scrub('Bearer tch-fake-proxy-key-0001 and sk-proj-abcdefghijklmnopqrst in one line', [
        'tch-fake-proxy-key-0001',
      ]),
    ).toBe('Bearer [REDACTED] and [REDACTED] in one line');
    expect(scrub('a literal tch-fake-proxy-key-0001 anywhere', ['tch-fake-proxy-key-0001'])).toBe(
      'a literal [REDACTED] anywhere',
    );
    // A short value would blank ordinary words, so only long ones are replaced literally.
    expect(scrub('the test passed', ['test'])).toBe('the test passed');
  });
});
