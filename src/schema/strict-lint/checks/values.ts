/** Checks on the values a schema allows: `enum` and `const`, and union types. */

import { describeValue } from '../../../text/describe-value.js';
import type { JsonObject } from '../../json-type.js';
import { addTo, type ToolContext } from '../context.js';
import { charCount, count, report } from '../problems.js';
import type { SchemaVisit } from '../walk.js';

/**
 * `enum-complex-value` and `enum-string-budget-exceeded`; counts enum values and the characters
 * of enum and const values toward the schema's limits.
 */
export function checkValues(visit: SchemaVisit, node: JsonObject, context: ToolContext): void {
  const { rules, enabled, findings } = context;
  if (Object.hasOwn(node, 'const')) {
    addTo(context.schema.stringChars, charCount(node.const), [...visit.path, 'const'], visit.label);
  }
  const values = node.enum;
  if (!Array.isArray(values)) return;
  const at = [...visit.path, 'enum'];
  addTo(context.schema.enumValues, values.length, at, `the enum of ${visit.label}`);
  const scalarOnly = enabled.has('enum-complex-value');
  let stringChars = 0;
  values.forEach((value, index) => {
    const chars = charCount(value);
    addTo(context.schema.stringChars, chars, at, `the enum of ${visit.label}`);
    if (typeof value === 'string') stringChars += chars;
    if (scalarOnly && typeof value === 'object' && value !== null) {
      report(
        findings,
        [...at, index],
        'enum-complex-value',
        `enum value ${index} of ${visit.label} is ${describeValue(value)}; ${rules.providerName} accepts only strings, numbers, booleans and null in an enum — describe that shape as an anyOf option instead`,
      );
    }
  });
  const largeEnum = enabled.has('enum-string-budget-exceeded') ? rules.limits.largeEnum : null;
  if (
    largeEnum !== null &&
    values.length > largeEnum.moreThanValues &&
    stringChars > largeEnum.maxChars
  ) {
    report(
      findings,
      at,
      'enum-string-budget-exceeded',
      `the enum of ${visit.label} has ${count(values.length)} values whose strings total ${count(stringChars)} characters; ${rules.providerName} allows ${count(largeEnum.maxChars)} characters in an enum of more than ${count(largeEnum.moreThanValues)} values — shorten the values or split the enum`,
    );
  }
}

/** Counts a schema using `anyOf` or a list of types toward the request's union limit. */
export function checkUnion(visit: SchemaVisit, node: JsonObject, context: ToolContext): void {
  const type = node.type;
  if (Array.isArray(node.anyOf) || (Array.isArray(type) && type.length > 1)) {
    addTo(context.request.unionParameters, 1, visit.path, visit.label);
  }
}
