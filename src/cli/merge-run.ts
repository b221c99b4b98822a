/**
 * `merge` at the edge: reads the shards' reports, merges them (`merge.ts`), and writes the one
 * report as audit would have: text, `--json`, and `--html FILE`.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { healthPage } from '../report/html-page.js';
import { libraryMessage } from '../text/library-message.js';
import type { MergeCommand } from './args.js';
import { EXIT, severityOf } from './audit-run.js';
import { formatEntry, formatSummary, REPAIR_INDENT } from './format.js';
import type { CliIo } from './io.js';
import { type GivenReport, mergeReports } from './merge.js';
import { createRepairBook, type RepairBlock } from './repair-book.js';
import { paletteFor } from './style.js';
import { reasonOf } from './walk.js';

export async function runMerge(command: MergeCommand, io: CliIo): Promise<number> {
  const given: GivenReport[] = [];
  for (const name of command.reports) {
    let text: string;
    try {
      text = await readFile(name, 'utf8');
    } catch (error) {
      return refuse(io, `cannot read ${name}: ${reasonOf(error)}`);
    }
    try {
      given.push({ name, report: JSON.parse(text) });
    } catch {
      return refuse(io, `${name} is not JSON: pass the reports audit --json --shard i/n wrote`);
    }
  }
  const merged = mergeReports(given);
  if (!merged.ok) return refuse(io, merged.problem);
  for (const warning of merged.warnings) await io.stderr.write(`${libraryMessage(warning)}\n`);
  const { report } = merged;
  if (command.json) {
    await io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } else {
    const palette = paletteFor(io.stdout.color);
    // Printed as one run prints its entries: each repair once, then by its number.
    const book = createRepairBook();
    for (const entry of report.entries) {
      const repairs: RepairBlock[] = [];
      const text = formatEntry(entry, palette, repairs);
      await io.stdout.write(book.fill(text, repairs, palette, REPAIR_INDENT));
    }
    const context = {
      only: report.only,
      shard: null,
      complete: report.complete,
      showAll: report.showAll,
    };
    await io.stdout.write(
      formatSummary(report.summary, context, palette, book.summaryLines(palette)),
    );
  }
  if (command.html !== null) {
    try {
      await writeFile(
        command.html,
        healthPage(report, { title: 'tool-call-health merge', severityOf }),
      );
    } catch (error) {
      return refuse(io, `cannot write --html ${command.html}: ${reasonOf(error)}`);
    }
  }
  return report.summary.findings > 0 ? EXIT.findings : EXIT.clean;
}

async function refuse(io: CliIo, problem: string): Promise<number> {
  await io.stderr.write(`${libraryMessage(`merge: ${problem}`)}\n`);
  return EXIT.usage;
}
