/** Checks on object schemas: closed with `additionalProperties: false`, every property required. */

import { isRecord } from '../../../model/narrow.js';
import { describeValue, previewJson } from '../../../text/describe-value.js';
import type { JsonObject } from '../../json-type.js';
import { addTo, type ToolContext } from '../context.js';
import { report } from '../problems.js';
import type { StrictModeRules } from '../rules.js';
import { isObjectSchema, type SchemaVisit } from '../walk.js';

/**
 * `additional-properties-not-false` and `property-not-required`; counts the optional
 * properties toward the request's limit whether or not the provider requires every one.
 */
export function checkObject(visit: SchemaVisit, node: JsonObject, context: ToolContext): void {
  const { rules, enabled, findings } = context;
  const properties = node.properties;
  if (properties !== undefined && !isRecord(properties)) {
    report(
      findings,
      [...visit.path, 'properties'],
      'not-a-schema',
      `the properties of ${visit.label} are ${describeValue(properties)}, not an object of property schemas — write {"name": {"type": "string"}, …}`,
    );
  }
  if (!isObjectSchema(node)) return;
  const extra = node.additionalProperties;
  if (enabled.has('additional-properties-not-false') && extra !== false) {
    report(
      findings,
      visit.path,
      'additional-properties-not-false',
      extra === undefined
        ? `${visit.label} is an object without "additionalProperties": false, which ${rules.providerName} strict mode requires on every object — add it and list every key the model may send under properties`
        : `${visit.label} has additionalProperties ${previewJson(extra)}, but ${rules.providerName} strict mode requires false on every object — set it to false and list every key the model may send under properties`,
    );
  }
  if (!isRecord(properties)) return;
  const required = new Set(
    Array.isArray(node.required)
      ? node.required.filter((key): key is string => typeof key === 'string')
      : [],
  );
  const everyRequired = enabled.has('property-not-required');
  for (const key of Object.keys(properties)) {
    if (required.has(key)) continue;
    const at = [...visit.path, 'properties', key];
    if (everyRequired) {
      report(
        findings,
        at,
        'property-not-required',
        notRequiredMessage(key, properties[key], rules),
      );
    }
    addTo(context.request.optionalParameters, 1, at, `"${key}"`);
  }
}

/** The repair for an optional property: required, and nullable in the way its schema allows. */
function notRequiredMessage(key: string, schema: unknown, rules: StrictModeRules): string {
  const start = `"${key}" is not in required; ${rules.providerName} strict mode requires every property to be required`;
  if (isRecord(schema)) {
    const type = schema.type;
    if (typeof type === 'string' && type !== 'null') {
      return `${start} — add it to required and allow null ({"type": ["${type}", "null"]}) to keep it optional`;
    }
    if (Array.isArray(type)) {
      if (type.includes('null')) {
        return `${start} — add it to required; its type already allows null, so the model can still leave it empty`;
      }
      return `${start} — add it to required and allow null ({"type": ${previewJson([...type, 'null'], 80)}}) to keep it optional`;
    }
    if (Array.isArray(schema.anyOf)) {
      return `${start} — add it to required and add {"type": "null"} to its anyOf to keep it optional`;
    }
    if (typeof schema.$ref === 'string') {
      return `${start} — add it to required and allow null ({"anyOf": [{"$ref": ${previewJson(schema.$ref, 80)}}, {"type": "null"}]}) to keep it optional`;
    }
  }
  return `${start} — add it to required and allow null (wrap it as {"anyOf": [<its schema>, {"type": "null"}]}) to keep it optional`;
}
