import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { PAGE_SCRIPT, PAGE_STYLE, ROW } from '../../src/report/html-client.js';
import { pageData } from '../../src/report/html-data.js';
import { escapeHtml, scriptJson } from '../../src/report/html-escape.js';
import { healthPage } from '../../src/report/html-page.js';
import type { PageReport } from '../../src/report/page-report.js';
import { addTurn, createTurnTotals, summariseTurns } from '../../src/report/turn-facts.js';

const HOSTILE = '</script><script>alert(1)</script>';

function reportWith(tool: string, model: string): PageReport {
  const result = {
    diagnosis: 'dispatch',
    state: 'unknown-tool',
    severity: 'finding' as const,
    call: { name: tool, at: 'choices[0].message.tool_calls[0]' },
    detail: `The model called ${tool}, which the request did not declare.`,
    problems: [],
    repairs: ['Declare the tool, or drop the call.'],
  };
  const turn = { model, outputTokens: 90, maxOutputTokens: 100, tools: [tool] };
  const totals = createTurnTotals();
  addTurn(totals, turn, [result], 1);
  return {
    generator: { name: 'tool-call-health', version: '9.9.9' },
    complete: true,
    showAll: false,
    entries: [
      { location: 'recordings/a.jsonl:3', surface: 'openai-chat', turn, results: [result] },
    ],
    summary: {
      entries: { audited: 1 },
      calls: 1,
      findings: 1,
      notes: 0,
      states: { dispatch: { 'unknown-tool': 1 } },
      exposure: { atRisk: 0, void: 0, rate: null },
      turns: summariseTurns(totals),
    },
  };
}

describe('the page', () => {
  test('a string from a recording never reaches the page as markup', () => {
    const page = healthPage(reportWith(HOSTILE, HOSTILE), { title: HOSTILE });
    expect(page).not.toContain('<script>alert(1)');
    expect(page.match(/<script[ >]/g)).toHaveLength(2);
    expect(page).toContain(escapeHtml(HOSTILE));
  });

  test('it loads nothing: its policy admits only its own style and script, by their hashes', () => {
    const page = healthPage(reportWith('refund', 'gpt-4.1'));
    const hash = (text: string) => createHash('sha256').update(text).digest('base64');
    expect(page).toContain(`style-src 'sha256-${hash(PAGE_STYLE)}'`);
    expect(page).toContain(`script-src 'sha256-${hash(PAGE_SCRIPT)}'`);
    expect(page).toContain("default-src 'none'");
    expect(page).not.toMatch(/\b(?:src|href)=["']?(?:https?:)?\/\//);
  });

  test('its data stores each string once, and rows name them by index', () => {
    const data = pageData(reportWith('refund', 'gpt-4.1'));
    const [row] = data.rows;
    const at = (column: number) => data.strings[row?.[column] as number];
    expect(at(ROW.tool)).toBe('refund');
    expect(at(ROW.model)).toBe('gpt-4.1');
    expect(at(ROW.file)).toBe('recordings/a.jsonl');
    expect(new Set(data.strings).size).toBe(data.strings.length);
  });

  test('JSON in a script element cannot close it', () => {
    expect(scriptJson({ tool: HOSTILE })).not.toContain('<');
    expect(JSON.parse(scriptJson({ tool: HOSTILE }))).toEqual({ tool: HOSTILE });
  });
});
