/** Checks on a schema node's keywords: the root's shape, which keywords are accepted, `type`. */

import { describeJsonType, previewJson } from '../../../text/describe-value.js';
import type { JsonObject } from '../../json-type.js';
import type { ToolContext } from '../context.js';
import { report } from '../problems.js';
import { ruleOf } from '../rules.js';
import type { SchemaVisit } from '../walk.js';

/** `root-not-object` and `root-any-of`: what the root schema must be. */
export function checkRoot(visit: SchemaVisit, node: JsonObject, context: ToolContext): void {
  const { rules, enabled, findings } = context;
  if (enabled.has('root-not-object') && node.type !== 'object') {
    report(
      findings,
      visit.path,
      'root-not-object',
      `${visit.label} ${node.type === undefined ? 'has no type' : `has type ${previewJson(node.type)}`}; ${rules.providerName} strict mode needs the root to be {"type": "object"} — wrap the value in a property of an object`,
    );
  }
  if (enabled.has('root-any-of') && Object.hasOwn(node, 'anyOf')) {
    report(
      findings,
      [...visit.path, 'anyOf'],
      'root-any-of',
      `${visit.label} uses anyOf at the root, which ${rules.providerName} does not allow — make the root an object and move the union into one of its properties`,
    );
  }
}

/** `unsupported-keyword` and `undocumented-keyword`: each keyword against the provider's lists. */
export function checkKeywords(visit: SchemaVisit, node: JsonObject, context: ToolContext): void {
  const { rules, enabled, findings } = context;
  const refuses = enabled.has('unsupported-keyword');
  const supported = enabled.has('undocumented-keyword') ? rules.supportedKeywords : null;
  for (const keyword of Object.keys(node)) {
    const at = [...visit.path, keyword];
    const unsupported = refuses ? rules.unsupportedKeywords.get(keyword) : undefined;
    if (unsupported !== undefined) {
      report(
        findings,
        at,
        'unsupported-keyword',
        `"${keyword}" on ${visit.label} is not supported by ${rules.providerName} strict mode (${unsupported.why}) — ${unsupported.fix}`,
        { keyword },
      );
      continue;
    }
    if (keyword === 'minItems' && rules.maxMinItems !== null) {
      const minItems = node.minItems;
      if (refuses && typeof minItems === 'number' && minItems > rules.maxMinItems) {
        report(
          findings,
          at,
          'unsupported-keyword',
          `${visit.label} has minItems ${minItems}, but ${rules.providerName} strict mode supports minItems of 0 or 1 only — lower it to 1 and check the count in your own code`,
          { keyword: 'minItems' },
        );
      }
      continue;
    }
    if (supported === null || supported.has(keyword)) continue;
    if (visit.role === 'root' && rules.rootOnlyKeywords.has(keyword)) continue;
    report(
      findings,
      at,
      'undocumented-keyword',
      `"${keyword}" on ${visit.label} is not among the keywords ${rules.providerName} documents for strict mode, so it may be rejected or not enforced — remove it and check that rule in your own code`,
    );
  }
}

/** `missing-type`: every subschema below the root names its type (or uses anyOf or $ref). */
export function checkType(visit: SchemaVisit, node: JsonObject, context: ToolContext): void {
  const { rules, enabled, findings } = context;
  if (!enabled.has('missing-type') || visit.role === 'root') return;
  if (['type', 'anyOf', '$ref'].some((keyword) => Object.hasOwn(node, keyword))) return;
  const sample = Object.hasOwn(node, 'const')
    ? node.const
    : Array.isArray(node.enum)
      ? node.enum[0]
      : undefined;
  const type = sample === undefined ? 'string' : describeJsonType(sample);
  const refusal = ruleOf(rules, 'missing-type')?.refusal;
  const quoted = refusal === undefined ? '' : ` ("${refusal}")`;
  report(
    findings,
    visit.path,
    'missing-type',
    `${visit.label} has no "type" (nor anyOf or $ref); ${rules.providerName} rejects that${quoted} — add ${sample === undefined ? 'one, e.g. ' : ''}"type": "${type}"`,
  );
}
