/** The declared tool name an unknown one was most likely meant to be. */

/**
 * The declared name this one was most likely renamed from: one that it extends or shortens
 * (`charge` for `charge_v2`), or else the nearest within two edits.
 */
export function nearestName(name: string, declared: readonly string[]): string | null {
  const lower = name.toLowerCase();
  const stem = declared.find((candidate) => {
    const other = candidate.toLowerCase();
    const [short, long] = other.length < lower.length ? [other, lower] : [lower, other];
    return short.length >= 3 && short !== long && (long.startsWith(short) || long.endsWith(short));
  });
  if (stem !== undefined) return stem;
  let best: string | null = null;
  let bestDistance = 3;
  for (const candidate of declared) {
    if (Math.abs(candidate.length - name.length) >= bestDistance) continue;
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase(), bestDistance);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Levenshtein distance, giving up once it reaches `limit` (only near names matter). */
function editDistance(a: string, b: string, limit: number): number {
  if (a.length > 256 || b.length > 256) return limit;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin >= limit) return limit;
    previous = current;
  }
  return previous[b.length] ?? limit;
}
