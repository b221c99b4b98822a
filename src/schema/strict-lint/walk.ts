/**
 * The schema walk: every subschema in document order, with an explicit stack so no input can
 * overflow the call stack, and this linter's own guards against hostile input.
 */

import { isRecord } from '../../model/narrow.js';
import type { JsonObject } from '../json-type.js';
import { count, type Segment } from './problems.js';
import type { StrictLintRule, StrictModeRules } from './rules.js';

// This linter's own guards against hostile input, not provider rules: the walk is iterative, so
// these bound time and output, not the call stack. Real tool schemas nest a handful of levels and
// hold a few hundred nodes.
const LINT_MAX_SCHEMA_DEPTH = 1000;
const LINT_MAX_SCHEMA_NODES = 200_000;

/** One subschema as the walk meets it. */
export interface SchemaVisit {
  node: unknown;
  path: Segment[];
  label: string;
  role: 'root' | 'property' | 'definition' | 'member';
  /** Object nesting level, counting this node when it is an object schema (root object = 1). */
  level: number;
  /** Schema nodes above this one. */
  depth: number;
}

export type GuardReport = (rule: StrictLintRule, visit: SchemaVisit, message: string) => void;

/**
 * Visits a schema and its subschemas in document order with an explicit stack, so no input can
 * overflow the call stack. `visit` returns false to keep the walk out of a node's subschemas.
 * Where subschemas sit is the provider's to say (`rules.subschemas`).
 */
export function walkSchema(
  start: { node: unknown; path: Segment[]; label: string },
  rules: StrictModeRules,
  includeDefinitions: boolean,
  visit: (visit: SchemaVisit) => boolean,
  onGuard: GuardReport | null,
): void {
  type Step = { enter: SchemaVisit } | { leave: object };
  const steps: Step[] = [
    {
      enter: {
        ...start,
        role: 'root',
        level: isObjectSchema(start.node) ? 1 : 0,
        depth: 0,
      },
    },
  ];
  // Nodes on the current path: a JavaScript object that contains itself could never be sent as JSON.
  const open = new Set<object>();
  let visited = 0;
  for (let step = steps.pop(); step !== undefined; step = steps.pop()) {
    if ('leave' in step) {
      open.delete(step.leave);
      continue;
    }
    const current = step.enter;
    if (current.depth >= LINT_MAX_SCHEMA_DEPTH) {
      onGuard?.(
        'nesting-too-deep',
        current,
        `${current.label} sits ${count(current.depth)} schemas deep, where this linter stops walking; no provider documents accepting a schema this deep — flatten it`,
      );
      continue;
    }
    visited += 1;
    if (visited > LINT_MAX_SCHEMA_NODES) {
      onGuard?.(
        'schema-too-large',
        current,
        `the schema holds more than ${count(LINT_MAX_SCHEMA_NODES)} subschemas (shared objects count once per use), so this linter stopped at ${current.label}; no provider documents accepting a schema this large — split the tool`,
      );
      return;
    }
    const node = current.node;
    if (typeof node === 'object' && node !== null && open.has(node)) {
      onGuard?.(
        'circular-schema',
        current,
        `${current.label} is the same JavaScript object as one of its ancestors, so the schema cannot be sent as JSON — use "$ref" for recursion`,
      );
      continue;
    }
    if (!visit(current) || !isRecord(node)) continue;
    open.add(node);
    steps.push({ leave: node });
    const children = childSchemas(current, node, rules, includeDefinitions);
    for (let index = children.length - 1; index >= 0; index -= 1) {
      const child = children[index];
      if (child !== undefined) steps.push({ enter: child });
    }
  }
}

function childSchemas(
  parent: SchemaVisit,
  node: JsonObject,
  rules: StrictModeRules,
  includeDefinitions: boolean,
): SchemaVisit[] {
  const children: SchemaVisit[] = [];
  const add = (
    child: unknown,
    path: Segment[],
    label: string,
    role: SchemaVisit['role'],
    levelAbove: number,
  ) => {
    children.push({
      node: child,
      path,
      label,
      role,
      level: levelAbove + (isObjectSchema(child) ? 1 : 0),
      depth: parent.depth + 1,
    });
  };
  for (const keyword of Object.keys(node)) {
    const value = node[keyword];
    const at = [...parent.path, keyword];
    const isDefinitions = keyword === '$defs' || keyword === 'definitions';
    if (rules.subschemas.maps.includes(keyword) && isRecord(value)) {
      if (isDefinitions && !includeDefinitions) continue;
      for (const key of Object.keys(value)) {
        if (keyword === 'properties')
          add(value[key], [...at, key], `"${key}"`, 'property', parent.level);
        // A definition nests only where it is referenced, so it starts from level 0.
        else if (isDefinitions)
          add(value[key], [...at, key], `definition "${key}"`, 'definition', 0);
        else
          add(
            value[key],
            [...at, key],
            `${keyword} "${key}" of ${parent.label}`,
            'member',
            parent.level,
          );
      }
    } else if (
      rules.subschemas.lists.includes(keyword) ||
      (keyword === 'items' && Array.isArray(value))
    ) {
      if (!Array.isArray(value)) continue;
      value.forEach((member, index) => {
        add(
          member,
          [...at, index],
          `${keyword}[${index}] of ${parent.label}`,
          'member',
          parent.level,
        );
      });
    } else if (rules.subschemas.singles.includes(keyword) && value !== undefined) {
      const label =
        keyword === 'items'
          ? `the item schema of ${parent.label}`
          : `${keyword} of ${parent.label}`;
      add(value, at, label, 'member', parent.level);
    }
  }
  return children;
}

/** Whether a node describes objects: `type` says so, or it has properties and no type. */
export function isObjectSchema(node: unknown): boolean {
  if (!isRecord(node)) return false;
  const type = node.type;
  if (type === 'object') return true;
  if (Array.isArray(type)) return type.includes('object');
  return type === undefined && isRecord(node.properties);
}
