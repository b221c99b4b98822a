/**
 * What the lint hands back, sorted by what is known: a finding whose rule (or keyword) the
 * provider has refused for a strict tool is a problem; any other is a note that says what is
 * known of it (documented as unsupported, refused only for structured outputs, seen accepted).
 * The lint's own findings (no tool, no schema, a hostile input) are problems always.
 */
import {
  type Finding,
  orderProblems,
  type StrictLintNote,
  type StrictLintProblem,
} from './problems.js';
import { type ProviderRuleId, ruleOf, type StrictEvidence, type StrictModeRules } from './rules.js';

/** The evidence for what a finding reports, or `undefined` for the lint's own findings. */
function evidenceOf(finding: Finding, rules: StrictModeRules): StrictEvidence | undefined {
  if (finding.own === true) return undefined;
  if (finding.rule === 'unsupported-keyword' && finding.keyword !== undefined) {
    const keyword = rules.unsupportedKeywords.get(finding.keyword);
    if (keyword !== undefined) return keyword.evidence;
    if (finding.keyword === 'minItems') return rules.minItemsEvidence ?? undefined;
  }
  return ruleOf(rules, finding.rule as ProviderRuleId)?.evidence;
}

/** What a note adds to its finding's message: what is known, and on whose word. */
function known(evidence: StrictEvidence, provider: string): string {
  switch (evidence.kind) {
    case 'seen-accepted':
      return `yet ${provider} has answered 200 to strict tools that carry it (${evidence.seen}), so it is noted, not counted`;
    case 'refused-for-response-format':
      return `${provider} refused it in structured-output schemas, and no refusal of a strict tool has been seen (${evidence.seen}), so it is noted, not counted`;
    default:
      return `${provider} documents this, but no refusal of a strict tool for it has been seen (${evidence.seen}), so it is noted, not counted`;
  }
}

/**
 * The findings as problems (refused for strict tools, or the lint's own) and notes (the rest),
 * each ordered by path, then rule; never two alike.
 *
 * @example
 * sortByEvidence(findings, OPENAI_STRICT_RULES).notes[0]?.evidence; // 'seen-accepted' for a default
 */
export function sortByEvidence(
  findings: Finding[],
  rules: StrictModeRules,
): { problems: StrictLintProblem[]; notes: StrictLintNote[] } {
  const refused: Finding[] = [];
  const noted: Finding[] = [];
  for (const finding of findings) {
    const evidence = evidenceOf(finding, rules);
    if (evidence === undefined || evidence.kind === 'refused-for-tools') refused.push(finding);
    else {
      noted.push({
        ...finding,
        message: `${finding.message}; ${known(evidence, rules.providerName)}`,
        evidence: evidence.kind,
      });
    }
  }
  return { problems: orderProblems(refused), notes: orderProblems(noted) as StrictLintNote[] };
}
