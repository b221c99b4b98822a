/**
 * The health report as one self-contained HTML page: totals per diagnosis and state, tables
 * per tool and per model, the histogram of output tokens as a share of the ceiling, the strict
 * exposure, and every result listed, filterable by state, tool, model and file. Pure: a report
 * in, the page's text out; nothing is fetched when it is opened (its content security policy
 * forbids it), and every string from a recording is escaped or set as text.
 */
import { createHash } from 'node:crypto';
import { countBar, outputShareChart } from './html-chart.js';
import { FILTERS, PAGE_SCRIPT, PAGE_STYLE } from './html-client.js';
import { pageData } from './html-data.js';
import { escapeHtml, scriptJson } from './html-escape.js';
import type { PageReport, PageResult } from './page-report.js';

/** How the page is titled, and how the states of the totals are coloured. */
export interface HealthPageOptions {
  /** The page's heading and title; `tool-call-health report` by default. */
  title?: string;
  /** The severity of a state, for its colour; by default, what the listed results say. */
  severityOf?: (diagnosis: string, state: string) => PageResult['severity'] | undefined;
}

/**
 * The page.
 *
 * @example
 * writeFileSync('report.html', healthPage(report, { title: 'audit of recordings/' }));
 */
export function healthPage(report: PageReport, options: HealthPageOptions = {}): string {
  const title = options.title ?? 'tool-call-health report';
  const severityOf = options.severityOf ?? severitiesSeen(report);
  const data = scriptJson(pageData(report));
  const policy = [
    "default-src 'none'",
    `style-src '${sha256(PAGE_STYLE)}'`,
    `script-src '${sha256(PAGE_SCRIPT)}'`,
    "img-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${policy}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${PAGE_STYLE}</style>`,
    '</head><body>',
    header(report, title),
    statesSection(report, severityOf),
    toolsAndModels(report),
    shareSection(report),
    resultsSection(report),
    `<script type="application/json" id="page-data">${data}</script>`,
    `<script>${PAGE_SCRIPT}</script>`,
    '</body></html>',
    '',
  ].join('\n');
}

function header(report: PageReport, title: string): string {
  const { summary } = report;
  const { exposure } = summary;
  const rate = exposure.rate === null ? 'none at risk' : percent(exposure.rate);
  const figure = (name: string, label: string, value: string | number) =>
    `<div><dt>${label}</dt><dd data-total="${name}">${value}</dd></div>`;
  const generator = `${escapeHtml(report.generator.name)} ${escapeHtml(report.generator.version)}`;
  return [
    `<header><h1>${escapeHtml(title)}</h1>`,
    `<p class="muted">Written by ${generator}${report.complete ? '' : ' · <strong class="finding">incomplete: the run was stopped before its end</strong>'}${report.showAll ? ' · every result listed' : ' · findings listed; notes and healthy results counted only'}.</p></header>`,
    '<dl class="figures">',
    figure('audited', 'entries audited', summary.entries.audited),
    figure('calls', 'tool calls', summary.calls),
    figure('findings', 'findings', summary.findings),
    figure('notes', 'notes', summary.notes),
    figure('exposure', 'strict exposure', rate),
    '</dl>',
    `<p class="muted" id="exposure-words">Strict exposure: <span data-total="exposure-void">${exposure.void}</span> of <span data-total="exposure-at-risk">${exposure.atRisk}</span> turns at risk (strict tools with parallel calls left on) lost the strict guarantee.</p>`,
  ].join('\n');
}

function statesSection(
  report: PageReport,
  severityOf: NonNullable<HealthPageOptions['severityOf']>,
): string {
  const tables: string[] = [];
  for (const [diagnosis, states] of Object.entries(report.summary.states)) {
    const counts = Object.entries(states).filter(
      (pair): pair is [string, number] => pair[1] !== undefined && pair[1] > 0,
    );
    if (counts.length === 0) continue;
    const most = Math.max(...counts.map(([, count]) => count));
    const rows = counts.map(([state, count]) => {
      const severity = severityOf(diagnosis, state) ?? '';
      return `<tr><td class="${severity}">${escapeHtml(state)}</td><td class="n" data-state="${escapeHtml(`${diagnosis}/${state}`)}">${count}</td><td>${countBar(count, most, severity)}</td></tr>`;
    });
    tables.push(
      `<div><h3>${escapeHtml(diagnosis)}</h3><table><thead><tr><th>state</th><th class="n">count</th><th></th></tr></thead><tbody>${rows.join('')}</tbody></table></div>`,
    );
  }
  const body =
    tables.length === 0
      ? '<p class="muted">No results.</p>'
      : `<div class="grid">${tables.join('')}</div>`;
  return `<section id="states"><h2>Totals per diagnosis and state</h2>${body}</section>`;
}

function toolsAndModels(report: PageReport): string {
  const { tools, models } = report.summary.turns;
  const toolRows = tools.map(
    (tool) =>
      `<tr><td class="mono">${escapeHtml(tool.tool)}</td><td class="n">${tool.calls}</td><td class="n${tool.findings > 0 ? ' finding' : ''}">${tool.findings}</td></tr>`,
  );
  const modelRows = models.map(
    (model) =>
      `<tr><td>${model.model === null ? '<span class="muted">not named</span>' : escapeHtml(model.model)}</td><td class="n">${model.turns}</td><td class="n">${model.calls}</td><td class="n${model.findings > 0 ? ' finding' : ''}">${model.findings}</td><td class="n${model.cut > 0 ? ' finding' : ''}">${model.cut}</td></tr>`,
  );
  const table = (id: string, head: string, rows: string[], none: string) =>
    rows.length === 0
      ? `<p class="muted">${none}</p>`
      : `<table id="${id}"><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
  return [
    '<div class="grid">',
    `<section><h2>By tool</h2>${table('by-tool', '<th>tool</th><th class="n">calls</th><th class="n">findings</th>', toolRows, 'No tool calls.')}</section>`,
    `<section><h2>By model</h2>${table('by-model', '<th>model</th><th class="n">turns</th><th class="n">calls</th><th class="n">findings</th><th class="n">cut</th>', modelRows, 'No turns.')}</section>`,
    '</div>',
  ].join('\n');
}

function shareSection(report: PageReport): string {
  const share = report.summary.turns.outputShare;
  const known = share.turns.reduce((sum, count) => sum + count, 0);
  return [
    '<section id="share"><h2>Output tokens as a share of the ceiling</h2>',
    `<p class="muted">${known} ${known === 1 ? 'turn' : 'turns'} with both numbers known; cut turns (a truncation finding) in red. ${share.unknown} more did not say their output tokens or their ceiling.</p>`,
    outputShareChart(share),
    '</section>',
  ].join('\n');
}

function resultsSection(report: PageReport): string {
  const filters = FILTERS.map(
    (name) =>
      `<label>${name}<select id="filter-${name}" name="${name}"><option value="">any ${name}</option></select></label>`,
  ).join('');
  return [
    `<section id="results"><h2>${report.showAll ? 'Every result' : 'Findings'}</h2>`,
    `<form class="filters">${filters}<button type="button" id="clear">clear</button><span class="muted" id="shown"></span></form>`,
    '<table><thead><tr><th>state</th><th>diagnosis</th><th>tool</th><th>model</th><th>where</th><th>detail, problems and repairs</th></tr></thead><tbody id="result-rows"></tbody></table>',
    '<p><button type="button" id="more" hidden>show more</button></p>',
    '</section>',
  ].join('\n');
}

/** The severity each state was listed with, for a page given no table of them. */
function severitiesSeen(
  report: PageReport,
): (diagnosis: string, state: string) => PageResult['severity'] | undefined {
  const seen = new Map<string, PageResult['severity']>();
  for (const entry of report.entries) {
    for (const result of entry.results) {
      seen.set(`${result.diagnosis}/${result.state}`, result.severity);
    }
  }
  return (diagnosis, state) => seen.get(`${diagnosis}/${state}`);
}

function percent(rate: number): string {
  return `${Math.round(rate * 1000) / 10}%`;
}

function sha256(text: string): string {
  return `sha256-${createHash('sha256').update(text).digest('base64')}`;
}
