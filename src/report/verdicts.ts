/**
 * What a matcher saw, as it records it for a test reporter: the matcher, what it returned, the
 * turns it judged and each result it judged them with. The matchers write it (only while a
 * reporter listens), the reporter reads it; both sides meet here, below the faces.
 */
import type { PageResult } from './page-report.js';
import type { TurnFacts } from './turn-facts.js';

/** One assertion with a tool-call matcher. */
export interface RecordedVerdict {
  /** The matcher's name, `toBeDispatchable`. */
  matcher: string;
  /** What the matcher returned as `pass`; under `.not` the assertion fails when it is true. */
  pass: boolean;
  /** Asserted with `.not`. */
  isNot: boolean;
  /** The turns judged (one per step of a framework's object). */
  turns: TurnFacts[];
  /**
   * Each verdict the matcher judged with, its severity as the matcher holds it: a `finding` is
   * what makes the matcher fail (with `{ requireStrict: true }`, `dispatchable-unconstrained`
   * is one), a `note` what it lets pass without calling it healthy.
   */
  results: PageResult[];
}

/** Where a test's recorded verdicts travel to the reporter: its task's `meta`, under this key. */
export const VERDICTS_META_KEY = 'toolCallHealth';

/** What the reporter provides to the test workers, so the matchers record only when it listens. */
export const REPORTER_LISTENS_KEY = 'toolCallHealthReporter' as const;
