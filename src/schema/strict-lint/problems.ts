/**
 * What the lint finds, and how it is handed back: findings carry their path as segments while
 * the lint runs, and leave ordered by path then rule, never two alike, the path written out.
 * The counting helpers every check shares live here too; values and paths are worded in
 * `src/text/`.
 */

import { formatCount } from '../../text/count.js';
import { formatPath, type PathStep } from '../../text/path.js';
import type { StrictEvidenceKind, StrictLintRule } from './rules.js';

/**
 * One thing a provider's strict mode would refuse or weaken.
 *
 * @example
 * const problem: StrictLintProblem = {
 *   path: 'tools[0].parameters.properties.note',
 *   rule: 'property-not-required',
 *   message: '"note" is not in required; …',
 * };
 */
export interface StrictLintProblem {
  /** Where, from the input's root, e.g. `tools[1].function.parameters.properties.rows.items` ('' is the input itself). */
  path: string;
  /** A stable kebab-case rule id, one of {@link StrictLintRule}. */
  rule: string;
  /** One sentence for a person, with this schema's own names and numbers and what to change. */
  message: string;
}

/** A step of a path from the input's root: a key or an index. */
export type Segment = PathStep;

/** A problem while the lint runs, its path still in segments. */
export interface Finding {
  segments: readonly Segment[];
  rule: StrictLintRule;
  message: string;
  /** For `unsupported-keyword`: the keyword, whose own evidence decides. */
  keyword?: string;
  /** Set where the linter's own guard reports, whatever rule it names: always a problem. */
  own?: true;
  /** Set on a finding kept as a note: what is known of its rule. */
  evidence?: Exclude<StrictEvidenceKind, 'refused-for-tools'>;
}

/** Records a problem found at `segments`. */
export function report(
  findings: Finding[],
  segments: readonly Segment[],
  rule: StrictLintRule,
  message: string,
  about: Pick<Finding, 'keyword' | 'own'> = {},
): void {
  findings.push({ segments, rule, message, ...about });
}

/**
 * Something a provider's strict mode is known to dislike without a refusal of a strict tool on
 * record: documented as unsupported, refused only for structured outputs, or even seen accepted.
 *
 * @example
 * const note: StrictLintNote = { path: 'tools[0].parameters.properties.unit.default', rule: 'unsupported-keyword', message: '…', evidence: 'seen-accepted' };
 */
export interface StrictLintNote extends StrictLintProblem {
  evidence: Exclude<StrictEvidenceKind, 'refused-for-tools'>;
}

/** The findings as problems: ordered by path, then rule, then message; duplicates dropped. */
export function orderProblems(findings: Finding[]): StrictLintProblem[] {
  const ordered = [...findings].sort(
    (a, b) =>
      compareSegments(a.segments, b.segments) ||
      compareText(a.rule, b.rule) ||
      compareText(a.message, b.message),
  );
  const seen = new Set<string>();
  const problems: StrictLintProblem[] = [];
  for (const finding of ordered) {
    const problem = {
      path: formatPath(finding.segments),
      rule: finding.rule,
      message: finding.message,
      ...(finding.evidence === undefined ? {} : { evidence: finding.evidence }),
    };
    const key = `${problem.path}\u0000${problem.rule}\u0000${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(problem);
  }
  return problems;
}

function compareSegments(a: readonly Segment[], b: readonly Segment[]): number {
  const shared = Math.min(a.length, b.length);
  for (let index = 0; index < shared; index += 1) {
    const left = a[index];
    const right = b[index];
    if (left === right || left === undefined || right === undefined) continue;
    if (typeof left === 'number' && typeof right === 'number') return left - right;
    // An index sorts before a key; keys sort by code unit, the same on every machine.
    if (typeof left === 'number') return -1;
    if (typeof right === 'number') return 1;
    return compareText(left, right);
  }
  return a.length - b.length;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// ---- wording -----------------------------------------------------------------------------------

/** A number as messages write it: `5,000`. */
export function count(value: number): string {
  return formatCount(value);
}

/** Characters as a person counts them (code points); a non-string counts as its JSON text. */
export function charCount(value: unknown): number {
  if (typeof value === 'string') {
    return value.length - (value.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g)?.length ?? 0);
  }
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return 0;
  }
}
