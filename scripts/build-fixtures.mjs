/**
 * Builds the recorded-exchange corpus in fixtures/: one HAR 1.2 file per scenario, the
 * manifest that says what each one should diagnose to, and the batch results as raw JSONL.
 *
 * Regenerate after changing a scenario or a writer (from the package root):
 *
 *   npm run fixtures
 *
 * which builds the library first: the bodies are written by each surface's payload writer
 * (src/surfaces/<surface>/write.ts) and the entries by the HAR writer (src/har/write.ts), so
 * the fixtures and the arbitraries share one writer per wire shape. test/fixtures/manifest.test.ts
 * rebuilds everything in memory and fails when the files on disk differ by one byte, so edit
 * the scenarios or the writers, never the fixtures.
 *
 * The scenarios are data, one table per surface in scripts/fixtures/scenarios/; the recorders
 * in scripts/fixtures/record.mjs turn each row into HAR entries. Ids, times and sizes come from
 * a generator seeded by the scenario's name, so the output never changes between runs. Nothing
 * here carries a key, a cookie or personal data: orders and accounts are fictional.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { harDocument } from './fixtures/http.mjs';
import { RECORDERS, recordBatch } from './fixtures/record.mjs';
import { anthropicScenarios, batchScenario } from './fixtures/scenarios/anthropic-messages.mjs';
import { bedrockScenarios } from './fixtures/scenarios/bedrock-converse.mjs';
import { geminiScenarios } from './fixtures/scenarios/gemini.mjs';
import { chatScenarios } from './fixtures/scenarios/openai-chat.mjs';
import { responsesScenarios } from './fixtures/scenarios/openai-responses.mjs';
import { streamScenarios } from './fixtures/scenarios/streams.mjs';

/** Every single-exchange scenario, in manifest order. */
const SCENARIOS = [
  ...responsesScenarios,
  ...chatScenarios,
  ...anthropicScenarios,
  ...geminiScenarios,
  ...bedrockScenarios,
  ...streamScenarios,
];

/**
 * A JSON printer that writes what Biome's formatter would (the manifest is linted): objects
 * always expanded, arrays of scalars on one line when that line fits in 100 columns.
 */
function formatJson(value, indent = '', prefix = '', trailing = '') {
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (value.every((item) => item === null || typeof item !== 'object')) {
      const flat = `[${value.map((item) => JSON.stringify(item)).join(', ')}]`;
      if (indent.length + prefix.length + flat.length + trailing.length <= 100) return flat;
    }
    const items = value.map(
      (item, i) =>
        `${inner}${formatJson(item, inner, '', i < value.length - 1 ? ',' : '')}${i < value.length - 1 ? ',' : ''}`,
    );
    return `[\n${items.join('\n')}\n${indent}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    const lines = entries.map(([key, item], i) => {
      const comma = i < entries.length - 1 ? ',' : '';
      const head = `${JSON.stringify(key)}: `;
      return `${inner}${head}${formatJson(item, inner, head, comma)}${comma}`;
    });
    return `{\n${lines.join('\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}

const harText = (entries, comment) => `${JSON.stringify(harDocument(entries, comment), null, 2)}\n`;

/**
 * Builds every fixture file in memory: relative path (under fixtures/) to its exact text.
 * Pure and deterministic; nothing is read or written.
 *
 * @example
 * const files = buildFixtures();
 * files.get('manifest.json'); // the manifest text
 */
export function buildFixtures() {
  const files = new Map();
  const scenarios = [];

  for (const scenario of SCENARIOS) {
    const surface = scenario.surface ?? scenario.name.split('/')[0];
    const file = `${scenario.name}.har`;
    files.set(file, harText(RECORDERS[surface](scenario), scenario.description));
    scenarios.push({
      name: scenario.name,
      file,
      surface,
      streamed: scenario.stream !== undefined,
      ...(scenario.stream === undefined ? {} : { stream: scenario.stream }),
      description: scenario.description,
      expect: scenario.expect,
    });
  }

  const batch = recordBatch(batchScenario);
  const batchFile = `${batchScenario.name}.har`;
  files.set(batchFile, harText(batch.entries, batchScenario.description));
  files.set(`${batchScenario.name}.jsonl`, batch.jsonl);
  scenarios.push({
    name: batchScenario.name,
    file: batchFile,
    surface: 'anthropic-batch',
    streamed: false,
    description: batchScenario.description,
    expect: {
      lines: batchScenario.lines.map(({ customId, expect }) => ({
        custom_id: customId,
        ...expect,
      })),
    },
  });

  files.set('manifest.json', `${formatJson({ version: 1, scenarios })}\n`);
  return files;
}

/** Writes every fixture under `root` (the fixtures folder). */
export function writeFixtures(root) {
  const files = buildFixtures();
  for (const [path, text] of files) {
    const target = join(root, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
  }
  return files;
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) {
  const root = fileURLToPath(new URL('../fixtures/', import.meta.url));
  const files = writeFixtures(root);
  console.log(`wrote ${files.size} files to fixtures/`);
}
