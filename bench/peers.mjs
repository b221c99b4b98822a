// The libraries people reach for with partial JSON, on the same cut and broken inputs as
// jsonState: what each costs, and which of them can tell a cut document from a broken one.
// Each tricky case runs in a worker with a main-thread-sized stack and a time limit, so a
// crash or a hang is reported instead of taking the run down.
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { jsonState } from '../dist/index.js';
import { documentOf, malformationsOf, SHAPES, truncationsOf } from './documents.mjs';
import { exerciseJsonState } from './json-state.mjs';
import { compare, discard, formatBytes, optionsFor, row } from './lib.mjs';

/** The class of what was thrown: these libraries leave `name` as 'Error'. */
const kindOf = (error) => error?.constructor?.name ?? typeof error;

/**
 * Each peer: `load()` gives `check(text)`, which answers a verdict: 'truncated', 'malformed' or
 * 'parses' when the library tells them apart, 'repaired' when it returns a value either way.
 * The mapping is as generous as each library's output allows.
 */
const PEERS = {
  'tool-call-health jsonState': async () => (text) => jsonState(text),
  'partial-json': async () => {
    const { parse } = await import('partial-json');
    return (text) => {
      try {
        parse(text);
        return 'truncated';
      } catch (error) {
        if (kindOf(error) === 'MalformedJSON') return 'malformed';
        throw error;
      }
    };
  },
  jsonrepair: async () => {
    const { jsonrepair } = await import('jsonrepair');
    return (text) => {
      try {
        jsonrepair(text);
        return 'repaired';
      } catch (error) {
        if (kindOf(error) === 'JSONRepairError') return 'malformed';
        throw error;
      }
    };
  },
  'ai parsePartialJson': async () => {
    const { parsePartialJson } = await import('ai');
    const states = {
      'successful-parse': 'parses',
      'repaired-parse': 'truncated',
      'failed-parse': 'malformed',
    };
    return async (text) => states[(await parsePartialJson(text)).state] ?? 'unknown';
  },
  '@streamparser/json': async () => {
    const { JSONParser } = await import('@streamparser/json');
    return (text) => {
      const parser = new JSONParser({ paths: ['$'] });
      let root = false;
      parser.onValue = () => {
        root = true;
      };
      parser.onError = (error) => {
        throw error;
      };
      try {
        parser.write(text);
      } catch (error) {
        if (/^Token(izer|Parser)Error$/.test(kindOf(error))) return 'malformed';
        throw error;
      }
      try {
        parser.end();
      } catch (error) {
        if (/^Unexpected/.test(error?.message)) return 'malformed';
        if (!/ended in (the )?mid/.test(error?.message)) throw error;
        return root ? 'parses' : 'truncated';
      }
      return root ? 'parses' : 'truncated';
    };
  },
  'best-effort-json-parser': async () => {
    const module = await import('best-effort-json-parser');
    module.disableErrorLogging();
    return (text) => {
      module.parse(text);
      return 'repaired';
    };
  },
};

const DEEP = 100_000;
/** Tricky inputs and what they are; as JavaScript strings, so `\\` is one backslash. */
const CASES = [
  ['{"a" 1', 'malformed'],
  ['[1] [2]', 'malformed'],
  ['{"a": 1,}', 'malformed'],
  ['[1, 2,]', 'malformed'],
  ['{"a": 1}}', 'malformed'],
  ['{"a": 01}', 'malformed'],
  ["{'a': 1}", 'malformed'],
  ['{"a": nul}', 'malformed'],
  [`${'['.repeat(DEEP)}}`, 'malformed', `${DEEP.toLocaleString('en-US')} × [ then }`],
  ['{"a": tru', 'truncated'],
  ['"\\ud83d', 'truncated', '"\\ud83d (escape text)'],
  ['"\ud83d', 'truncated', '" + lone U+D83D'],
  ['{"a": "esc\\', 'truncated'],
  ['[1, 2,', 'truncated'],
  ['{"a":', 'truncated'],
  ['-', 'truncated'],
  ['['.repeat(DEEP), 'truncated', `${DEEP.toLocaleString('en-US')} × [`],
];

const CASE_SECONDS = 5;

if (!isMainThread && workerData?.peer !== undefined) {
  // Worker side: run the cases from `first` on, one message each.
  const check = await PEERS[workerData.peer]();
  for (let index = workerData.first; index < CASES.length; index++) {
    const started = performance.now();
    let verdict;
    try {
      verdict = await check(CASES[index][0]);
    } catch (error) {
      verdict = `crash: ${kindOf(error)} (${String(error?.message).slice(0, 60)})`;
    }
    parentPort.postMessage({ index, verdict, ms: performance.now() - started });
  }
}

/** Every case through one peer, a fresh worker after any case that hangs. */
async function verdictsOf(peer) {
  const verdicts = new Array(CASES.length);
  let first = 0;
  while (first < CASES.length) {
    const worker = new Worker(new URL(import.meta.url), {
      workerData: { peer, first },
      resourceLimits: { stackSizeMb: 1 },
    });
    first = await new Promise((resolve) => {
      let next = first;
      let timer;
      const arm = () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          verdicts[next] = { verdict: `hang (> ${CASE_SECONDS} s)` };
          worker.terminate();
          resolve(next + 1);
        }, CASE_SECONDS * 1000);
      };
      arm();
      worker.on('message', ({ index, verdict, ms }) => {
        verdicts[index] = { verdict, ms };
        next = index + 1;
        arm();
      });
      worker.on('error', (error) => {
        verdicts[next] = { verdict: `crash: ${error.name} (worker)` };
        clearTimeout(timer);
        resolve(next + 1);
      });
      worker.on('exit', () => {
        clearTimeout(timer);
        resolve(Math.max(next, first));
      });
    });
  }
  return verdicts;
}

async function correctness() {
  const table = {};
  for (const peer of Object.keys(PEERS)) {
    const verdicts = await verdictsOf(peer);
    table[peer] = CASES.map(([text, expected, label], index) => ({
      case: label ?? text,
      expected,
      ...verdicts[index],
      right: verdicts[index]?.verdict === expected,
    }));
  }
  return table;
}

function markdown(table) {
  const peers = Object.keys(table);
  const lines = [
    '### Tricky cases: can it tell a cut document from a broken one?',
    '',
    `| case | is | ${peers.join(' | ')} |`,
    `| --- | --- | ${peers.map(() => '---').join(' | ')} |`,
  ];
  for (let index = 0; index < CASES.length; index++) {
    const first = table[peers[0]][index];
    const cells = peers.map((peer) => {
      const { verdict, right } = table[peer][index];
      return right ? verdict : `**${verdict}**`;
    });
    const shown = first.case.replaceAll('|', '\\|').replaceAll('`', "'");
    lines.push(`| \`${shown}\` | ${first.expected} | ${cells.join(' | ')} |`);
  }
  const score = peers.map((peer) => {
    const right = table[peer].filter((entry) => entry.right).length;
    const crashed = table[peer].filter((entry) => /^(crash|hang)/.test(entry.verdict)).length;
    return `${right}/${CASES.length} right, ${crashed} crash${crashed === 1 ? '' : 'es'}`;
  });
  lines.push(`| **score** | | ${score.join(' | ')} |`, '');
  lines.push(
    '"repaired" means the library returned a value (or a repaired text) for a cut document and a broken one alike, so it cannot tell them apart. A bold verdict is wrong.',
    '',
  );
  return lines.join('\n');
}

/**
 * Times every peer over the same set of variants (one sample covers the whole set), turn about
 * with JSON.parse of the complete documents. A peer whose first pass takes over 5 s is timed once.
 */
async function timings(log) {
  const rows = [];
  const load = {};
  for (const [peer, make] of Object.entries(PEERS)) load[peer] = await make();
  for (const bytes of [10 * 1024, 1024 ** 2]) {
    const perShape = bytes >= 1024 ** 2 ? 2 : 8;
    const documents = SHAPES.map((shape) => documentOf(shape, bytes));
    const parseAll = () => {
      for (const text of documents) discard(JSON.parse(text));
    };
    for (const kind of ['truncated', 'malformed']) {
      const variants = documents.flatMap((text) =>
        kind === 'truncated' ? truncationsOf(text, perShape) : malformationsOf(text, perShape),
      );
      const passes = {};
      const slow = {};
      for (const [peer, check] of Object.entries(load)) {
        passes[peer] = async () => {
          for (const text of variants) {
            try {
              const verdict = check(text);
              if (verdict instanceof Promise) await verdict;
            } catch {}
          }
        };
        const started = performance.now();
        await passes[peer]();
        const seconds = (performance.now() - started) / 1000;
        if (seconds > 5) slow[peer] = seconds;
      }
      const timed = Object.keys(load).filter((peer) => !(peer in slow));
      const { baselineNs, contenders } = await compare(
        parseAll,
        timed.map((peer) => passes[peer]),
        // A pass over 1 MB variants takes up to a second or two for the slowest peers.
        bytes >= 1024 ** 2
          ? { budgetMs: 100, minSamples: 2, warmupMs: 0, rounds: 2 }
          : { ...optionsFor(bytes * 8), rounds: 3 },
      );
      // The baseline parses each document once; the variants are perShape per document.
      const perVariant = (baselineNs * perShape) / variants.length;
      for (const peer of Object.keys(load)) {
        const at = timed.indexOf(peer);
        const ns = at === -1 ? slow[peer] * 1e9 : contenders[at].ns;
        rows.push(
          row(`peers, ${kind}`, `${peer} ${formatBytes(bytes)}`, {
            value: at === -1 ? ns / (baselineNs * perShape) : contenders[at].ratio / perShape,
            oursNs: ns / variants.length,
            baselineNs: perVariant,
            baseline: 'JSON.parse of the complete documents (4 shapes)',
            bytes,
            variants: variants.length,
            note: at === -1 ? 'one pass only: too slow to sample' : undefined,
          }),
        );
        log(rows.at(-1));
      }
    }
  }
  return rows;
}

export async function benchPeers(log) {
  exerciseJsonState();
  const table = await correctness();
  const rows = await timings(log);
  return { rows, correctness: table, markdown: markdown(table) };
}
