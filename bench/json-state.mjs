// jsonState against JSON.parse: valid documents, cut ones and broken ones, of every size and shape.

import { JsonScanner } from '../build/json/scanner.js';
import { jsonState } from '../dist/index.js';
import { documentOf, malformationsOf, SHAPES, truncationsOf } from './documents.mjs';
import { compare, discard, formatBytes, optionsFor, row } from './lib.mjs';

const SIZES = [200, 10 * 1024, 1024 ** 2, 10 * 1024 ** 2];
// Under 1 KB: about 200 B, and the largest document of each shape that stays below 1 KB.
const SMALL_SIZES = [200, 1024];
const ONE_KB = 1024;
const SMALL_TARGET_NS = 6000;

/** Cycles through `inputs`, so one measurement covers every variant. */
function cycling(inputs, fn) {
  let next = 0;
  return () => discard(fn(inputs[next++ % inputs.length]));
}

/** Every variant must really be in the state it stands for, or the numbers mean nothing. */
function expectState(texts, state, what) {
  const wrong = texts.filter((text) => jsonState(text) !== state).length;
  if (wrong > 0) throw new Error(`bench: ${wrong} of the ${what} are not ${state}`);
}

function tryParse(text) {
  try {
    return JSON.parse(text);
  } catch (error) {
    return error;
  }
}

/** JSON.parse asked as jsonState asks it: a throw without a stack trace, the cheapest there is. */
function tryParseWithoutTrace(text) {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return JSON.parse(text);
  } catch (error) {
    return error;
  } finally {
    Error.stackTraceLimit = limit;
  }
}

const scanner = new JsonScanner();

/** The other order jsonState could take: the scanner alone, on a valid text. */
function scanOnly(text) {
  return scanner.reset().push(text).state;
}

/**
 * Runs jsonState over every shape and kind of small input. A process that checks many outputs
 * has V8 compile the scanner for all of them, and that code is measured to be several times
 * slower on long texts than code compiled for one kind of input only: so every measurement
 * here starts from the mix, as users run it, and none depends on which group ran first.
 */
export function exerciseJsonState() {
  for (const shape of SHAPES) {
    for (const bytes of [200, 10 * 1024]) {
      const text = documentOf(shape, bytes, 99);
      const inputs = [text, ...truncationsOf(text, 16, 99), ...malformationsOf(text, 16, 99)];
      for (let round = 0; round < 50; round++) for (const input of inputs) jsonState(input);
    }
  }
}

/** Ratios to JSON.parse of the complete document: valid always, cut and broken from 10 KB. */
async function againstJsonParse(shape, bytes) {
  const text = documentOf(shape, bytes);
  const name = `${shape} ${formatBytes(bytes)}`;
  expectState([text], 'parses', name);
  const kinds = [['valid', [text], 1.1]];
  if (bytes >= 10 * 1024) {
    const count = bytes >= 1024 ** 2 ? 8 : 32;
    const cut = truncationsOf(text, count);
    const broken = malformationsOf(text, count);
    expectState(cut, 'truncated', `cuts of ${name}`);
    expectState(broken, 'malformed', `broken copies of ${name}`);
    kinds.push(['truncated', cut, 2], ['malformed', broken, 2]);
  }
  const { baselineNs, contenders } = await compare(
    () => discard(JSON.parse(text)),
    kinds.map(([, inputs]) => cycling(inputs, jsonState)),
    optionsFor(bytes),
  );
  return kinds.map(([kind, inputs, target], index) =>
    row(`jsonState, ${kind}`, name, {
      value: contenders[index].ratio,
      target,
      oursNs: contenders[index].ns,
      baselineNs,
      baseline:
        kind === 'valid' ? 'JSON.parse of the same text' : 'JSON.parse of the complete document',
      bytes: text.length,
      variants: inputs.length,
    }),
  );
}

/** A document of about `bytes`, shrunk until it is shorter than 1 KB (documents grow in steps). */
function documentUnderOneKb(shape, bytes) {
  for (let size = bytes; size > 0; size -= 16) {
    const text = documentOf(shape, size);
    if (text.length < ONE_KB) return text;
  }
  throw new Error(`bench: no ${shape} document fits under 1 KB`);
}

/**
 * Absolute time per call under 1 KB, beside JSON.parse throwing on the same texts. Broken
 * copies keep their first and last characters, so only parsing or scanning tells them from
 * valid ones: two more rows show what each order costs. The throw floor is JSON.parse failing
 * as cheaply as it can (no stack trace), which parsing first pays on every broken text, and
 * the scan is the scanner alone up to where it gives its verdict (the fault, or the end);
 * `scanning first` is the scanner alone on the valid text, which every valid text would pay
 * instead of JSON.parse if the scanner went first.
 */
async function smallCalls(shape, bytes) {
  const text = documentUnderOneKb(shape, bytes);
  const name = `${shape} ${formatBytes(text.length)}`;
  const cut = truncationsOf(text, 64);
  const broken = malformationsOf(text, 64);
  expectState(cut, 'truncated', `cuts of ${name}`);
  expectState(broken, 'malformed', `broken copies of ${name}`);
  if (scanOnly(text) !== 'parses') throw new Error(`bench: the scanner rejects ${name}`);
  const rows = [];
  for (const [kind, variants] of [
    ['truncated', cut],
    ['malformed', broken],
  ]) {
    const { baselineNs, contenders } = await compare(cycling(variants, tryParse), [
      cycling(variants, jsonState),
      cycling(variants, tryParseWithoutTrace),
      cycling(variants, scanOnly),
    ]);
    rows.push(
      row(`jsonState, ${kind} < 1 KB`, name, {
        value: contenders[0].ns,
        unit: 'ns',
        target: SMALL_TARGET_NS,
        oursNs: contenders[0].ns,
        baselineNs,
        baseline: 'JSON.parse throwing on the same text',
        bytes: text.length,
        variants: variants.length,
        throwFloorNs: contenders[1].ns,
        scanNs: contenders[2].ns,
      }),
    );
  }
  const first = await compare(() => discard(JSON.parse(text)), [() => discard(scanOnly(text))]);
  rows.push(
    row('jsonState, scanning first < 1 KB', name, {
      value: first.contenders[0].ratio,
      oursNs: first.contenders[0].ns,
      baselineNs: first.baselineNs,
      baseline: 'JSON.parse of the same valid text',
      bytes: text.length,
      note: 'the scanner alone on the valid text: what a valid text would cost if the scanner went first (target for valid texts: <= 1.1x)',
    }),
  );
  return rows;
}

export async function benchJsonState(log) {
  exerciseJsonState();
  const rows = [];
  for (const bytes of SIZES) {
    for (const shape of SHAPES) {
      for (const result of await againstJsonParse(shape, bytes)) {
        rows.push(result);
        log(result);
      }
    }
  }
  for (const bytes of SMALL_SIZES) {
    for (const shape of SHAPES) {
      for (const result of await smallCalls(shape, bytes)) {
        rows.push(result);
        log(result);
      }
    }
  }
  return rows;
}
