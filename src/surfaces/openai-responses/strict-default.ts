/**
 * What the Responses API does with a function tool that leaves `strict` out, as the evidence
 * shows it. Chat Completions reads a missing `strict` as false; the Responses API does not.
 */

import { isRecord } from '../../model/narrow.js';
import { isObjectSchema } from '../../schema/strict-lint/walk.js';
import type { NormalisedSchema, UnstatedStrictDefault } from '../types.js';
import { OPENAI_STRICT_RULES } from './strict-rules.js';

/**
 * The schema as the Responses API rewrites it when a tool leaves `strict` out: every object
 * schema closed with `additionalProperties: false` where it said nothing, and every property
 * listed in `required`. The rewrite stops there: an explicit `additionalProperties` (true or a
 * schema) and every other strict-mode rule are left for the lint to judge, because no evidence
 * shows the server changing them. The input is never changed; a shared or cyclic subschema is
 * copied once, so the lint still sees the cycle.
 *
 * @example
 * normaliseOmittedStrict({ type: 'object', properties: { unit: { type: 'string' } } });
 * // { schema: { type: 'object', properties: { unit: … }, required: ['unit'], additionalProperties: false },
 * //   madeRequired: ['unit'] }
 */
export function normaliseOmittedStrict(schema: unknown): NormalisedSchema {
  const copies = new Map<object, Record<string, unknown>>();
  const madeRequired: string[] = [];
  const { maps, lists, singles } = OPENAI_STRICT_RULES.subschemas;
  // An explicit stack, as in the lint's own walk: no schema can overflow the call stack here.
  const pending: Record<string, unknown>[] = [];
  const copyOf = (node: unknown): unknown => {
    if (!isRecord(node)) return node;
    const known = copies.get(node);
    if (known !== undefined) return known;
    const copy: Record<string, unknown> = { ...node };
    copies.set(node, copy);
    pending.push(copy);
    return copy;
  };
  const root = copyOf(schema);
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    for (const keyword of maps) {
      const map = node[keyword];
      if (!isRecord(map)) continue;
      const members: Record<string, unknown> = {};
      for (const key of Object.keys(map)) members[key] = copyOf(map[key]);
      node[keyword] = members;
    }
    for (const keyword of lists) {
      const list = node[keyword];
      if (Array.isArray(list)) node[keyword] = list.map(copyOf);
    }
    for (const keyword of singles) {
      if (node[keyword] !== undefined) node[keyword] = copyOf(node[keyword]);
    }
    if (!isObjectSchema(node)) continue;
    if (node.additionalProperties === undefined) node.additionalProperties = false;
    if (!isRecord(node.properties)) continue;
    const stated = Array.isArray(node.required) ? node.required : [];
    const required = new Set(stated);
    for (const key of Object.keys(node.properties)) {
      if (required.has(key)) continue;
      required.add(key);
      madeRequired.push(key);
    }
    node.required = [...required];
  }
  return { schema: root, madeRequired };
}

/**
 * The Responses API's default for an omitted `strict`, with what it rests on. The rewrite of
 * {@link normaliseOmittedStrict} is what the evidence shows; which other schemas the server can
 * still make strict is not documented beyond "when possible", so a tool whose rewritten schema
 * still breaks a strict rule is read as not strict, and its note says the evidence stops there.
 */
export const RESPONSES_OMITTED_STRICT: UnstatedStrictDefault = {
  normalise: normaliseOmittedStrict,
  evidence: [
    {
      says: 'If you omit strict, Responses requests will attempt to normalize your schema into strict mode when possible, and will fall back to non-strict, best-effort function calling if the schema cannot be made compatible with strict mode; to opt out, explicitly set strict: false.',
      url: 'https://developers.openai.com/api/docs/guides/function-calling?api-mode=responses#strict-mode',
      read: '2026-12-01',
    },
    {
      says: 'A get_weather tool sent without strict and without additionalProperties (its one property required) was echoed by the server with "additionalProperties": false added and "strict": true (gpt-4o-mini, response resp_0633efef…, recorded 2026-01-21).',
      url: 'https://github.com/mrchantey/beet/blob/main/skills/openresponses/compliance-suite.md',
      read: '2026-12-01',
    },
    {
      says: 'A tool with two optional properties, sent without strict, was normalised into strict mode and every property became required (gpt-5.6); teams fixed it by sending strict: false (open-webui#30046, langchain#39309, vercel/ai#15889).',
      url: 'https://github.com/0xPlaygrounds/rig/issues/2477',
      read: '2026-12-01',
    },
    {
      says: 'In about 3,500 recorded exchanges of other open-source projects (surveyed for this project’s issue #17), every tool sent without strict was echoed as strict: true with additionalProperties: false added, and a tool sent with strict: null was echoed as strict: false.',
      url: null,
      read: '2026-12-01',
    },
  ],
  undecided: 'OpenAI documents its rewrite only as "when possible"',
};
