/**
 * Where a finding sits, as a report groups it.
 */

/**
 * The file of a location: without `:entries[2]`, `:17`, `:[4]` and what follows them.
 *
 * @example
 * fileOf('logs/day-1.jsonl:17 (session a, id 7, answered on line 19)'); // 'logs/day-1.jsonl'
 */
export function fileOf(location: string): string {
  const place = /:(?:entries\[\d+\]|\d+|\[\d+\])(?=$|[: ])/.exec(location);
  return place === null ? location : location.slice(0, place.index);
}
