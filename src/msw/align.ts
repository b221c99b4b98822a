/**
 * Lines two arrays up item by item, so a message inserted in a request (or missing from it) is
 * one difference at its index, not a shift that makes every later index differ. Pure: the caller
 * says which items are the same and what pairing two items, or leaving one alone, costs.
 *
 * Two passes. Items that are the same anchor the alignment: the common start and end first, then
 * Myers' greedy diff on the middle (E. Myers, "An O(ND) Difference Algorithm and Its Variations",
 * Algorithmica 1986), which finds the most same items in order with O((N+M)·D) comparisons for D
 * differing items. Between two anchors, the items left over are paired by cost (the cheapest set
 * of pairs, so a changed message is compared with the one it most resembles and the inserted one
 * stands alone).
 */

/** One step of an alignment: two items paired, or an item only one side has. */
export type AlignedStep =
  /** Paired; `same` when the pair anchored the alignment (nothing differs in it). */
  | { recorded: number; sent: number; same: boolean }
  | { recorded: number; sent?: undefined }
  | { recorded?: undefined; sent: number };

/** What the alignment asks of the items it lines up, by index. */
export interface AlignmentCosts {
  /** Whether two items are the same: such pairs anchor the alignment and cost nothing. */
  same(recorded: number, sent: number): boolean;
  /** What comparing two items costs: 0 when nothing differs in them. */
  paired(recorded: number, sent: number): number;
  /** What an item of the recording that pairs with none costs. */
  recordedOnly(recorded: number): number;
  /** What an item of the request that pairs with none costs. */
  sentOnly(sent: number): number;
}

/**
 * Myers' diff asks at most this many `same` questions of the middle of two arrays (the part left
 * once the common start and end are taken off). Arrays that differ in many places go past it;
 * their middle is then lined up by cost if small, or index by index (the comparison before
 * alignment), so a huge, thoroughly different array costs time linear in its length.
 */
const MYERS_COMPARISONS = 20_000;

/**
 * The largest stretch between two anchors paired by cost (recorded items × sent items): each
 * cell compares two items. A larger stretch is paired index by index from its start, its extra
 * items left alone at its end.
 */
const PAIRING_CELLS = 1_024;

/**
 * The alignment of `recordedLength` recorded items with `sentLength` sent items: every index of
 * each side once, in order, paired or alone.
 *
 * @example
 * const recorded = ['a', 'c'];
 * const sent = ['a', 'b', 'c'];
 * alignSequences(2, 3, {
 *   same: (r, s) => recorded[r] === sent[s],
 *   paired: (r, s) => (recorded[r] === sent[s] ? 0 : 2),
 *   recordedOnly: () => 1,
 *   sentOnly: () => 1,
 * });
 * // [{ recorded: 0, sent: 0, same: true }, { sent: 1 }, { recorded: 1, sent: 2, same: true }]
 */
export function alignSequences(
  recordedLength: number,
  sentLength: number,
  costs: AlignmentCosts,
): AlignedStep[] {
  let start = 0;
  while (start < recordedLength && start < sentLength && costs.same(start, start)) start += 1;
  let recordedEnd = recordedLength;
  let sentEnd = sentLength;
  while (recordedEnd > start && sentEnd > start && costs.same(recordedEnd - 1, sentEnd - 1)) {
    recordedEnd -= 1;
    sentEnd -= 1;
  }
  const steps: AlignedStep[] = [];
  for (let index = 0; index < start; index += 1) {
    steps.push({ recorded: index, sent: index, same: true });
  }
  const anchors = myersAnchors(start, recordedEnd, start, sentEnd, costs) ?? [];
  let recorded = start;
  let sent = start;
  for (const [anchorRecorded, anchorSent] of anchors) {
    pairByCost(recorded, anchorRecorded, sent, anchorSent, costs, steps);
    steps.push({ recorded: anchorRecorded, sent: anchorSent, same: true });
    recorded = anchorRecorded + 1;
    sent = anchorSent + 1;
  }
  pairByCost(recorded, recordedEnd, sent, sentEnd, costs, steps);
  for (let offset = 0; recordedEnd + offset < recordedLength; offset += 1) {
    steps.push({ recorded: recordedEnd + offset, sent: sentEnd + offset, same: true });
  }
  return steps;
}

/**
 * The same pairs Myers' greedy diff finds between recorded[r0..r1) and sent[s0..s1), in order;
 * `undefined` past {@link MYERS_COMPARISONS}.
 */
function myersAnchors(
  r0: number,
  r1: number,
  s0: number,
  s1: number,
  costs: AlignmentCosts,
): Array<[number, number]> | undefined {
  const n = r1 - r0;
  const m = s1 - s0;
  if (n === 0 || m === 0) return [];
  const max = n + m;
  // furthest[k + max]: how far along the recorded side diagonal k (x - y) reached.
  const furthest = new Int32Array(2 * max + 2);
  // The frontier after each round d, diagonals -d..d, for the walk back.
  const rounds: Int32Array[] = [];
  let asked = 0;
  for (let d = 0; d <= max; d += 1) {
    for (let k = -d; k <= d; k += 2) {
      const down =
        k === -d || (k !== d && (furthest[k - 1 + max] ?? 0) < (furthest[k + 1 + max] ?? 0));
      let x = down ? (furthest[k + 1 + max] ?? 0) : (furthest[k - 1 + max] ?? 0) + 1;
      let y = x - k;
      while (x < n && y < m) {
        asked += 1;
        if (asked > MYERS_COMPARISONS) return undefined;
        if (!costs.same(r0 + x, s0 + y)) break;
        x += 1;
        y += 1;
      }
      furthest[k + max] = x;
      if (x >= n && y >= m) {
        rounds.push(furthest.slice(max - d, max + d + 1));
        return walkBack(rounds, n, m, r0, s0);
      }
    }
    rounds.push(furthest.slice(max - d, max + d + 1));
  }
  return [];
}

/** The diagonal runs (same pairs) of the path Myers' rounds found, in order. */
function walkBack(
  rounds: readonly Int32Array[],
  n: number,
  m: number,
  r0: number,
  s0: number,
): Array<[number, number]> {
  const anchors: Array<[number, number]> = [];
  let x = n;
  let y = m;
  for (let d = rounds.length - 1; d > 0; d -= 1) {
    const previous = rounds[d - 1] as Int32Array;
    // previous holds diagonals -(d-1)..(d-1) at offsets 0..2d-2.
    const at = (k: number) => previous[k + d - 1] ?? 0;
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const fromK = down ? k + 1 : k - 1;
    const fromX = at(fromK);
    const fromY = fromX - fromK;
    const startX = down ? fromX : fromX + 1;
    const startY = startX - k;
    while (x > startX && y > startY) {
      x -= 1;
      y -= 1;
      anchors.push([r0 + x, s0 + y]);
    }
    x = fromX;
    y = fromY;
  }
  while (x > 0 && y > 0) {
    x -= 1;
    y -= 1;
    anchors.push([r0 + x, s0 + y]);
  }
  return anchors.reverse();
}

/**
 * Lines up recorded[r0..r1) with sent[s0..s1), a stretch with no same pair in it: the cheapest
 * choice of pairs and lone items by `costs`. Among equally cheap choices the earlier pairs win
 * (a lone item goes last), so two arrays of one length are compared index by index, as they
 * always were.
 */
function pairByCost(
  r0: number,
  r1: number,
  s0: number,
  s1: number,
  costs: AlignmentCosts,
  steps: AlignedStep[],
): void {
  const n = r1 - r0;
  const m = s1 - s0;
  if (n * m === 0 || n * m > PAIRING_CELLS) {
    const pairs = Math.min(n, m);
    for (let offset = 0; offset < pairs; offset += 1) {
      steps.push({ recorded: r0 + offset, sent: s0 + offset, same: false });
    }
    for (let offset = pairs; offset < n; offset += 1) steps.push({ recorded: r0 + offset });
    for (let offset = pairs; offset < m; offset += 1) steps.push({ sent: s0 + offset });
    return;
  }
  const recordedOnly = Array.from({ length: n }, (_, i) => costs.recordedOnly(r0 + i));
  const sentOnly = Array.from({ length: m }, (_, j) => costs.sentOnly(s0 + j));
  const paired = Array.from({ length: n }, (_, i) =>
    Array.from({ length: m }, (_, j) => costs.paired(r0 + i, s0 + j)),
  );
  // best[i][j]: the cheapest alignment of the first i recorded and the first j sent items.
  const best = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  const cell = (i: number, j: number) => best[i]?.[j] ?? 0;
  for (let i = 0; i <= n; i += 1) {
    const row = best[i] as number[];
    for (let j = 0; j <= m; j += 1) {
      if (i === 0 && j === 0) continue;
      let cost = Number.POSITIVE_INFINITY;
      if (i > 0 && j > 0) cost = cell(i - 1, j - 1) + (paired[i - 1]?.[j - 1] ?? 0);
      if (i > 0) cost = Math.min(cost, cell(i - 1, j) + (recordedOnly[i - 1] ?? 0));
      if (j > 0) cost = Math.min(cost, cell(i, j - 1) + (sentOnly[j - 1] ?? 0));
      row[j] = cost;
    }
  }
  // Walked back from the end, a lone item is taken whenever it is as cheap: it lands last.
  const backwards: AlignedStep[] = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    if (j > 0 && cell(i, j) === cell(i, j - 1) + (sentOnly[j - 1] ?? 0)) {
      j -= 1;
      backwards.push({ sent: s0 + j });
    } else if (i > 0 && cell(i, j) === cell(i - 1, j) + (recordedOnly[i - 1] ?? 0)) {
      i -= 1;
      backwards.push({ recorded: r0 + i });
    } else {
      i -= 1;
      j -= 1;
      backwards.push({ recorded: r0 + i, sent: s0 + j, same: false });
    }
  }
  steps.push(...backwards.reverse());
}
