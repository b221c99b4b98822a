/**
 * The matchers' one line to a test reporter. Nobody listens unless a reporter asked for it
 * (`tool-call-health/reporter`, through `tool-call-health/vitest`); then each matcher hands over
 * what it judged. The verdict is built only for a listener, so without one a matcher returns
 * what it returned before, as fast as before: one comparison with `null`.
 */
import type { Turn } from '../model/model.js';
import type { PageResult } from '../report/page-report.js';
import { turnFacts } from '../report/turn-facts.js';
import type { RecordedVerdict } from '../report/verdicts.js';
import type { MatcherContext } from './context.js';

let listener: ((verdict: RecordedVerdict) => void) | null = null;

/**
 * Sets who hears every verdict from now on; `null` to stop.
 *
 * @example
 * listenForVerdicts((verdict) => seen.push(verdict));
 */
export function listenForVerdicts(next: ((verdict: RecordedVerdict) => void) | null): void {
  listener = next;
}

/**
 * Hands a matcher's verdict to the listener, if there is one; `judged` runs only then.
 *
 * @example
 * recordVerdict(this, 'toNotBeTruncated', pass, () => ({ turns, results: [truncationResult] }));
 */
export function recordVerdict(
  context: MatcherContext,
  matcher: string,
  pass: boolean,
  judged: () => { turns: readonly Turn[]; results: PageResult[] },
): void {
  if (listener === null) return;
  const { turns, results } = judged();
  listener({
    matcher,
    pass,
    isNot: context.isNot === true,
    turns: turns.map(turnFacts),
    results,
  });
}

/**
 * A diagnosis as a recorded result.
 *
 * @example
 * judgedResult('truncation', diagnosis, 'finding');
 */
export function judgedResult(
  diagnosis: string,
  verdict: {
    state: string;
    detail: string;
    problems?: readonly string[];
    repairs: readonly string[];
  },
  severity: PageResult['severity'],
  call: PageResult['call'] = null,
): PageResult {
  return {
    diagnosis,
    state: verdict.state,
    severity,
    call,
    detail: verdict.detail,
    problems: verdict.problems ?? [],
    repairs: verdict.repairs,
  };
}
