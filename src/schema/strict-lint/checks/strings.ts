/** Checks on string schemas: `format` among the supported ones, `pattern` within the regex subset. */

import { previewJson } from '../../../text/describe-value.js';
import type { JsonObject } from '../../json-type.js';
import type { ToolContext } from '../context.js';
import { report } from '../problems.js';
import type { SchemaVisit } from '../walk.js';

/** `unsupported-format` and `unsupported-pattern`. */
export function checkStrings(visit: SchemaVisit, node: JsonObject, context: ToolContext): void {
  const { rules, enabled, findings } = context;
  const format = node.format;
  if (
    enabled.has('unsupported-format') &&
    typeof format === 'string' &&
    !rules.supportedFormats.includes(format)
  ) {
    report(
      findings,
      [...visit.path, 'format'],
      'unsupported-format',
      `format ${previewJson(format)} on ${visit.label} is not one ${rules.providerName} strict mode supports (${rules.supportedFormats.join(', ')}) — remove it, or describe the shape with pattern`,
    );
  }
  const pattern = node.pattern;
  if (enabled.has('unsupported-pattern') && typeof pattern === 'string') {
    const feature = unsupportedRegexFeature(pattern);
    if (feature !== null) {
      report(
        findings,
        [...visit.path, 'pattern'],
        'unsupported-pattern',
        `the pattern of ${visit.label} uses ${feature}, which ${rules.providerName} strict mode does not support (nor other backreferences, lookarounds or word boundaries) — simplify the pattern and check the rest in your own code`,
      );
    }
  }
}

/**
 * Names the first regex feature a grammar-compiling strict mode refuses (a backreference, a
 * lookaround, a word boundary), or null.
 */
function unsupportedRegexFeature(pattern: string): string | null {
  let inClass = false;
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern.charAt(index);
    const next = pattern.charAt(index + 1);
    if (char === '\\') {
      // Inside [...], \b is a backspace and digits are octal-ish escapes, not the features refused.
      if (!inClass) {
        if (next >= '1' && next <= '9') return `a backreference (\\${next})`;
        if (next === 'k' && pattern.charAt(index + 2) === '<')
          return 'a named backreference (\\k<…>)';
        if (next === 'b' || next === 'B') return `a word boundary (\\${next})`;
      }
      index += 1;
      continue;
    }
    if (inClass) {
      if (char === ']') inClass = false;
      continue;
    }
    if (char === '[') inClass = true;
    else if (char === '(' && next === '?') {
      const kind = pattern.charAt(index + 2);
      const after = pattern.charAt(index + 3);
      if (kind === '=' || kind === '!') return `a lookahead ((?${kind}…))`;
      if (kind === '<' && (after === '=' || after === '!')) return `a lookbehind ((?<${after}…))`;
    }
  }
  return null;
}
