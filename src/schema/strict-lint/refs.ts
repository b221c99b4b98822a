/**
 * `$ref`: where it may stand, whether it resolves, whether it recurses, and how deep objects
 * nest once references are followed. Resolution is local only (`#`, `#/$defs/name`, JSON
 * pointers), each distinct reference resolved once per tool.
 */

import { isRecord } from '../../model/narrow.js';
import { describeValue, previewJson } from '../../text/describe-value.js';
import { fragmentTokens } from '../json-pointer.js';
import type { JsonObject } from '../json-type.js';
import { nestingLimit, type RefTarget, type ToolContext } from './context.js';
import { count, report, type Segment } from './problems.js';
import { ruleOf } from './rules.js';
import { type SchemaVisit, walkSchema } from './walk.js';

interface RefEdge {
  path: Segment[];
  label: string;
  ref: string;
  /** The object level at the $ref; the target's own levels add to it. */
  level: number;
  target: RefTarget;
}

/** `all-of-with-ref`, `unresolved-ref` and `ref-with-siblings` on one node. */
export function checkReference(visit: SchemaVisit, node: JsonObject, context: ToolContext): void {
  const { rules, enabled, findings } = context;
  if (enabled.has('all-of-with-ref') && Array.isArray(node.allOf)) {
    node.allOf.forEach((member, index) => {
      if (isRecord(member) && Object.hasOwn(member, '$ref')) {
        report(
          findings,
          [...visit.path, 'allOf', index],
          'all-of-with-ref',
          `allOf[${index}] of ${visit.label} is a $ref, which ${rules.providerName} does not support inside allOf — copy the referenced schema in place of the $ref`,
        );
      }
    });
  }
  if (!Object.hasOwn(node, '$ref')) return;
  const ref = node.$ref;
  const at = [...visit.path, '$ref'];
  const reportsUnresolved = enabled.has('unresolved-ref');
  if (typeof ref !== 'string') {
    if (reportsUnresolved) {
      report(
        findings,
        at,
        'unresolved-ref',
        `the $ref of ${visit.label} is ${describeValue(ref)}, not a reference — write "#/$defs/<name>"`,
      );
    }
  } else if (!ref.startsWith('#')) {
    if (reportsUnresolved) {
      report(
        findings,
        at,
        'unresolved-ref',
        `$ref ${previewJson(ref, 80)} on ${visit.label} points outside this schema, and ${rules.providerName} strict mode resolves only local references — copy the definition under "$defs" and refer to "#/$defs/<name>"`,
      );
    }
  } else if (resolveRef(ref, context) === null) {
    if (reportsUnresolved) {
      report(
        findings,
        at,
        'unresolved-ref',
        `$ref ${previewJson(ref, 80)} on ${visit.label} does not resolve inside this schema — add the definition it names or correct the reference`,
      );
    }
  } else {
    context.sawRef = true;
  }
  if (!enabled.has('ref-with-siblings')) return;
  const siblings = Object.keys(node).filter(
    (key) => key !== '$ref' && key !== '$defs' && key !== 'definitions',
  );
  if (siblings.length > 0) {
    const refusal = ruleOf(rules, 'ref-with-siblings')?.refusal;
    const quoted = refusal === undefined ? '' : ` ("${refusal}")`;
    report(
      findings,
      visit.path,
      'ref-with-siblings',
      `${visit.label} has ${siblings.map((key) => `"${key}"`).join(', ')} beside its $ref, which ${rules.providerName} rejects${quoted} — move ${siblings.length === 1 ? 'it' : 'them'} into the referenced definition or drop ${siblings.length === 1 ? 'it' : 'them'}`,
    );
  }
}

function resolveRef(ref: string, context: ToolContext): RefTarget | null {
  let target = context.resolved.get(ref);
  if (target === undefined) {
    target = resolveLocalRef(ref, context.root, context.rootPath);
    context.resolved.set(ref, target);
  }
  return target;
}

function resolveLocalRef(ref: string, root: JsonObject, rootPath: Segment[]): RefTarget | null {
  if (ref === '#' || ref === '#/') return { node: root, path: rootPath };
  const tokens = fragmentTokens(ref);
  if (tokens === null) return null;
  let node: unknown = root;
  const path = [...rootPath];
  for (const key of tokens) {
    if (Array.isArray(node) && /^(0|[1-9]\d*)$/.test(key)) {
      node = node[Number(key)];
      path.push(Number(key));
    } else if (isRecord(node) && Object.hasOwn(node, key)) {
      node = node[key];
      path.push(key);
    } else {
      return null;
    }
  }
  return { node, path };
}

/** The deepest object level inside a subschema, and the references leaving it (not walking $defs). */
function outline(
  target: RefTarget,
  label: string,
  context: ToolContext,
): { maxLevel: number; edges: RefEdge[] } {
  let maxLevel = 0;
  const edges: RefEdge[] = [];
  walkSchema(
    { node: target.node, path: target.path, label },
    context.rules,
    false,
    (visit) => {
      if (visit.level > maxLevel) maxLevel = visit.level;
      const node = visit.node;
      if (isRecord(node) && typeof node.$ref === 'string') {
        const resolved = resolveRef(node.$ref, context);
        if (resolved !== null) {
          edges.push({
            path: [...visit.path, '$ref'],
            label: visit.label,
            ref: node.$ref,
            level: visit.level,
            target: resolved,
          });
        }
      }
      return true;
    },
    null,
  );
  return { maxLevel, edges };
}

/**
 * Follows references depth-first from `start` with an explicit stack. A reference back to a
 * schema still being followed is recursion: it adds no depth (some providers allow it, others
 * do not, so it is collected). Each target is outlined once; `depths` remembers finished ones.
 */
function followReferences(
  start: RefTarget,
  label: string,
  context: ToolContext,
  depths: Map<object, number>,
  recursive: RefEdge[],
): { edge: RefEdge; reach: number }[] {
  interface Frame {
    target: RefTarget;
    edges: RefEdge[];
    next: number;
    depth: number;
    via: RefEdge | null;
  }
  const active = new Set<object>();
  const frames: Frame[] = [];
  const fromStart: { edge: RefEdge; reach: number }[] = [];
  const open = (target: RefTarget, targetLabel: string, via: RefEdge | null) => {
    const shape = outline(target, targetLabel, context);
    if (typeof target.node === 'object' && target.node !== null) active.add(target.node);
    frames.push({ target, edges: shape.edges, next: 0, depth: shape.maxLevel, via });
  };
  const settle = (frame: Frame, edge: RefEdge, targetDepth: number) => {
    const reach = edge.level + targetDepth;
    if (reach > frame.depth) frame.depth = reach;
    if (frame === frames[0]) fromStart.push({ edge, reach });
  };
  open(start, label, null);
  for (let frame = frames.at(-1); frame !== undefined; frame = frames.at(-1)) {
    const edge = frame.edges[frame.next];
    if (edge !== undefined) {
      frame.next += 1;
      const node = edge.target.node;
      const isObject = typeof node === 'object' && node !== null;
      if (isObject && active.has(node)) {
        recursive.push(edge);
        continue;
      }
      const known = isObject ? depths.get(node) : undefined;
      if (known !== undefined) settle(frame, edge, known);
      else open(edge.target, `the target of ${edge.ref}`, edge);
      continue;
    }
    frames.pop();
    const node = frame.target.node;
    if (typeof node === 'object' && node !== null) {
      active.delete(node);
      depths.set(node, frame.depth);
    }
    const parent = frames.at(-1);
    if (parent !== undefined && frame.via !== null) settle(parent, frame.via, frame.depth);
  }
  return fromStart;
}

/**
 * Once a tool's schema uses a reference that resolves: `nesting-too-deep` through references
 * and `recursive-ref`, including definitions nothing refers to.
 */
export function checkReferences(context: ToolContext, rootLabel: string): void {
  const { rules, enabled, findings, root, rootPath } = context;
  const depths = new Map<object, number>();
  const recursive: RefEdge[] = [];
  const fromRoot = followReferences(
    { node: root, path: rootPath },
    rootLabel,
    context,
    depths,
    recursive,
  );
  const maxNesting = nestingLimit(context);
  if (maxNesting !== null) {
    for (const { edge, reach } of fromRoot) {
      // A $ref already past the limit sits under a node the walk reported and stopped at.
      if (reach <= maxNesting || edge.level > maxNesting) continue;
      report(
        findings,
        edge.path,
        'nesting-too-deep',
        `following $ref ${previewJson(edge.ref, 80)} from ${edge.label} nests objects ${count(reach)} levels deep; ${rules.providerName} allows ${count(maxNesting)} — flatten the referenced definitions`,
      );
    }
  }
  if (!enabled.has('recursive-ref')) return;
  // Definitions nothing refers to can still refer to themselves.
  for (const container of ['$defs', 'definitions']) {
    const definitions = root[container];
    if (!isRecord(definitions)) continue;
    for (const key of Object.keys(definitions)) {
      const node = definitions[key];
      if (typeof node === 'object' && node !== null && depths.has(node)) continue;
      followReferences(
        { node, path: [...rootPath, container, key] },
        `definition "${key}"`,
        context,
        depths,
        recursive,
      );
    }
  }
  for (const edge of recursive) {
    report(
      findings,
      edge.path,
      'recursive-ref',
      `$ref ${previewJson(edge.ref, 80)} on ${edge.label} refers back to a schema that contains it, and ${rules.providerName} strict mode does not support recursive schemas — unroll it to a fixed depth, or leave this tool non-strict`,
    );
  }
}
