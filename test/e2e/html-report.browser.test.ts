/**
 * The page `audit --html` writes, opened in a real browser: Debian's chromium, driven by
 * playwright-core. Skipped, with the reason, where no chromium can be had (.ci/run installs
 * it); never failed for want of one. One browser serves every test of the file.
 */
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AuditReport } from '../../src/cli/json-report.js';
import { main } from '../../src/cli/main.js';
import { fixtures, memoryIo, root } from '../cli/support.js';
import { BAD_CHARGE, chatRequest, chatResponse } from '../support/payloads.js';

/** Where Debian and Ubuntu put chromium; `CHROMIUM_PATH` names another. */
const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
const chromiumPath = CANDIDATES.find((path) => path !== undefined && existsSync(path));
const NO_BROWSER = 'no chromium (apt-get install chromium, or set CHROMIUM_PATH)';

/** The screenshot the README shows; rewritten when TOOL_CALL_HEALTH_SCREENSHOT=update. */
const README_SHOT = join(root, 'docs/html-report.png');

/** A recording that tries to run script through every string the page shows. */
const INJECTED = '<script>window.__injected = "tool name"</script>';
const injectedExchange = {
  request: chatRequest({ maxOutputTokens: 300 }),
  response: {
    ...chatResponse({
      calls: [
        { name: INJECTED, arguments: '{"q":"<script>window.__injected = 1</script>"}' },
        {
          name: 'charge',
          arguments: BAD_CHARGE.replace('"gbp"', '"<img src=x onerror=\\"window.__injected=2\\">"'),
        },
      ],
      ending: 'ceiling',
      outputTokens: 300,
      maxOutputTokens: 300,
    }),
    model: '<script>window.__injected = "model"</script>',
  },
};

let browser: Browser | null = null;
let pageFile = '';
let report: AuditReport;

beforeAll(async () => {
  const folder = mkdtempSync(join(tmpdir(), 'tch-html-'));
  const corpus = join(folder, 'injected.json');
  writeFileSync(corpus, JSON.stringify(injectedExchange));
  pageFile = join(folder, 'report.html');
  const io = memoryIo();
  const code = await main(['audit', '--json', '-q', '--html', pageFile, fixtures, corpus], io);
  expect(code).toBe(1);
  report = JSON.parse(io.stdout.text());
  if (chromiumPath === undefined) return;
  const { chromium } = await import('playwright-core');
  browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

/** The page opened in a fresh tab, with what its console said. */
async function opened(fragment = ''): Promise<{ page: Page; errors: string[] }> {
  const page = await (browser as Browser).newPage({ viewport: { width: 1100, height: 760 } });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(`file://${pageFile}${fragment}`);
  await page.locator('#shown').filter({ hasText: 'results shown' }).waitFor();
  return { page, errors };
}

/**
 * Browser-side code, as text (the tests are typed without the DOM): how many colours a PNG
 * holds, sampling every 7th pixel, decoded by the browser itself.
 */
function distinctColours(pngBase64: string): string {
  return `(async () => {
    const image = new Image();
    image.src = 'data:image/png;base64,${pngBase64}';
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, image.width, image.height).data;
    const seen = new Set();
    for (let at = 0; at < pixels.length; at += 4 * 7) {
      seen.add((pixels[at] << 16) | (pixels[at + 1] << 8) | pixels[at + 2]);
    }
    return seen.size;
  })()`;
}

const listedResults = () => report.entries.flatMap((entry) => entry.results);

describe.skipIf(chromiumPath === undefined)(
  `the HTML report in chromium${chromiumPath === undefined ? ` (skipped: ${NO_BROWSER})` : ''}`,
  () => {
    test('it renders with no console error, and its totals are the JSON report’s', async () => {
      const { page, errors } = await opened();
      const total = (name: string) => page.locator(`[data-total="${name}"]`).textContent();
      expect(await total('findings')).toBe(String(report.summary.findings));
      expect(await total('notes')).toBe(String(report.summary.notes));
      expect(await total('calls')).toBe(String(report.summary.calls));
      expect(await total('audited')).toBe(String(report.summary.entries.audited));
      expect(await total('exposure-void')).toBe(String(report.summary.exposure.void));
      expect(await total('exposure-at-risk')).toBe(String(report.summary.exposure.atRisk));
      const shownStates = await page
        .locator('[data-state]')
        .evaluateAll((cells) =>
          cells.map((cell) => [cell.getAttribute('data-state'), cell.textContent]),
        );
      const reportStates = Object.entries(report.summary.states).flatMap(([diagnosis, states]) =>
        Object.entries(states).map(([state, count]) => [`${diagnosis}/${state}`, String(count)]),
      );
      expect(shownStates).toEqual(reportStates);
      expect(await page.locator('#by-tool tbody tr').count()).toBe(
        report.summary.turns.tools.length,
      );
      expect(await page.locator('#by-model tbody tr').count()).toBe(
        report.summary.turns.models.length,
      );
      const bars = await page
        .locator('#output-share [data-bucket]')
        .evaluateAll((groups) => groups.map((group) => Number(group.getAttribute('data-turns'))));
      expect(bars).toEqual(report.summary.turns.outputShare.turns);
      expect(await page.locator('#result-rows tr').count()).toBe(listedResults().length);
      expect(errors).toEqual([]);
      await page.close();
    });

    test('a filter changes the rows shown, and the link it leaves opens the same view', async () => {
      const { page, errors } = await opened();
      const wanted = listedResults().filter((result) => result.state === 'unknown-tool').length;
      expect(wanted).toBeGreaterThan(0);
      await page.locator('#filter-state').selectOption('unknown-tool');
      expect(await page.locator('#result-rows tr').count()).toBe(wanted);
      const url = page.url();
      expect(new URL(url).hash).toBe('#state=unknown-tool');
      await page.locator('#filter-model').selectOption('(not named)');
      expect(await page.locator('#result-rows tr').count()).toBeLessThan(wanted);
      await page.close();

      const again = await opened('#state=unknown-tool');
      expect(await again.page.locator('#filter-state').inputValue()).toBe('unknown-tool');
      expect(await again.page.locator('#result-rows tr').count()).toBe(wanted);
      expect([...errors, ...again.errors]).toEqual([]);
      await again.page.close();
    });

    test('the script a recording carries never runs: its text is shown as text', async () => {
      const { page, errors } = await opened();
      await page.locator('#filter-tool').selectOption(INJECTED);
      expect(await page.locator('#result-rows tr').count()).toBeGreaterThan(0);
      expect(await page.locator('#result-rows').textContent()).toContain(INJECTED);
      await page.locator('#filter-tool').selectOption('charge');
      expect(await page.locator('#result-rows').textContent()).toContain('onerror');
      expect(await page.locator('#by-model').textContent()).toContain(
        '<script>window.__injected = "model"</script>',
      );
      expect(await page.evaluate('typeof window.__injected')).toBe('undefined');
      // Only the page's own two scripts: its data and its code.
      expect(await page.locator('script').count()).toBe(2);
      expect(await page.locator('img').count()).toBe(0);
      expect(errors).toEqual([]);
      await page.close();
    });

    test('a screenshot of it is not blank', async () => {
      const { page } = await opened();
      const shot = await page.screenshot();
      const update =
        process.env.TOOL_CALL_HEALTH_SCREENSHOT === 'update' || !existsSync(README_SHOT);
      mkdirSync(dirname(README_SHOT), { recursive: true });
      writeFileSync(update ? README_SHOT : join(tmpdir(), 'tch-html-report.png'), shot);
      // Decoded by the browser itself, in a blank tab: how many colours it holds.
      const blank = await (browser as Browser).newPage();
      const colours = await blank.evaluate(distinctColours(shot.toString('base64')));
      expect(colours).toBeGreaterThan(20);
      await blank.close();
      await page.close();
    });
  },
);

test.runIf(chromiumPath === undefined)(`the browser test is skipped: ${NO_BROWSER}`, () => {
  expect(chromiumPath).toBeUndefined();
});
