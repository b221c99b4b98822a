/**
 * The page's charts, as plain SVG written here: a histogram and bars need a few rectangles and
 * labels, which SVG draws with no script, no library and no style the page's policy must admit.
 */
import { escapeHtml } from './html-escape.js';
import { type OutputShare, SHARE_STEPS } from './turn-facts.js';

const WIDTH = 720;
const HEIGHT = 220;
const LEFT = 44;
const BOTTOM = 36;
const TOP = 12;

/**
 * The histogram of output tokens as a share of the ceiling: one bar per 5%, and the last for
 * the turns that reached it, each split into its cut turns (red) and the rest. Each bar says
 * its numbers in a `<title>`, which a browser shows on hover and a screen reader reads.
 *
 * @example
 * outputShareChart(report.summary.turns.outputShare); // '<svg …>…</svg>'
 */
export function outputShareChart(share: OutputShare): string {
  const buckets = SHARE_STEPS + 1;
  const most = Math.max(1, ...share.turns);
  const plotWidth = WIDTH - LEFT - 8;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const step = plotWidth / buckets;
  const barWidth = Math.max(2, step - 4);
  const y = (count: number) => (count / most) * plotHeight;
  const bars: string[] = [];
  for (let bucket = 0; bucket < buckets; bucket++) {
    const turns = share.turns[bucket] ?? 0;
    const cut = share.cut[bucket] ?? 0;
    const x = LEFT + bucket * step + 2;
    const base = TOP + plotHeight;
    const label = `${bucketLabel(bucket)}: ${turns} ${turns === 1 ? 'turn' : 'turns'}, ${cut} cut`;
    const whole = y(turns - cut);
    const cutHeight = y(cut);
    bars.push(
      `<g data-bucket="${bucket}" data-turns="${turns}" data-cut="${cut}"><title>${label}</title>` +
        `<rect class="bar" x="${round(x)}" y="${round(base - whole)}" width="${round(barWidth)}" height="${round(whole)}"/>` +
        `<rect class="bar cut" x="${round(x)}" y="${round(base - whole - cutHeight)}" width="${round(barWidth)}" height="${round(cutHeight)}"/></g>`,
    );
  }
  const ticks = [0, 5, 10, 15, 20].map((bucket) => {
    const x = LEFT + bucket * step + (bucket === SHARE_STEPS ? step / 2 : 0);
    const text = bucket === SHARE_STEPS ? 'ceiling' : `${bucket * 5}%`;
    return `<text class="axis" x="${round(x)}" y="${HEIGHT - BOTTOM + 16}" text-anchor="middle">${text}</text>`;
  });
  const axis =
    `<text class="axis" x="${LEFT - 6}" y="${TOP + 10}" text-anchor="end">${most}</text>` +
    `<text class="axis" x="${LEFT - 6}" y="${TOP + plotHeight}" text-anchor="end">0</text>` +
    `<line x1="${LEFT}" x2="${WIDTH - 8}" y1="${TOP + plotHeight}" y2="${TOP + plotHeight}" stroke="#999"/>` +
    `<text class="axis" x="${LEFT + plotWidth / 2}" y="${HEIGHT - 4}" text-anchor="middle">output tokens as a share of the ceiling</text>`;
  return `<svg id="output-share" role="img" aria-label="Turns by output tokens as a share of their ceiling" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}">${axis}${ticks.join('')}${bars.join('')}</svg>`;
}

/**
 * A bar beside a count in a table, its length the count's share of the largest.
 *
 * @example
 * countBar(3, 12, 'finding'); // '<svg …><rect … width="30"/></svg>'
 */
export function countBar(count: number, most: number, severity: string): string {
  const width = most === 0 ? 0 : Math.max(count > 0 ? 1 : 0, (count / most) * 120);
  return `<svg width="120" height="10" aria-hidden="true"><rect class="bar ${escapeHtml(severity)}" width="${round(width)}" height="10"/></svg>`;
}

function bucketLabel(bucket: number): string {
  if (bucket === SHARE_STEPS) return 'at or past the ceiling';
  return `${bucket * 5}% to ${(bucket + 1) * 5}% of the ceiling`;
}

function round(value: number): string {
  return String(Math.round(value * 10) / 10);
}
