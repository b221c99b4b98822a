import { isRecord } from '../model/narrow.js';
import { escapePointerToken } from './json-pointer.js';

/**
 * Whether an Ajv error was raised inside the subschemas of another error's keyword.
 *
 * @example
 * const verdict: Membership = 'unsure'; // keep the error, keep looking further back
 */
export type Membership = 'inside' | 'outside' | 'unsure';

interface RefSite {
  pointer: string;
  ref: string | undefined;
}

/**
 * Where each object of a compiled schema sits (as a JSON pointer), and which `$ref`
 * targets a keyword can reach. Ajv reports an error inside a `$ref` target with a
 * `schemaPath` relative to that target (`#/$defs/A/...` or even `#/type`), not to the
 * keyword that led there; with `verbose`, though, each error carries the very
 * `parentSchema` object, and this index turns that back into a real location.
 *
 * @example
 * const index: SchemaIndex = indexSchema({ $defs: { a: {} }, anyOf: [{ $ref: '#/$defs/a' }] });
 * index.refTargetsFrom('/anyOf'); // Set { '/$defs/a' }
 */
export interface SchemaIndex {
  pointerOf(node: unknown): string | undefined;
  /** Pointers of every `$ref` target reachable from `location`, or 'everything' if one cannot be resolved here. */
  refTargetsFrom(location: string): ReadonlySet<string> | 'everything';
}

/**
 * Indexes a compiled schema copy: object identity to pointer, `$ref` sites, anchors.
 *
 * @example
 * const index = indexSchema(schema);
 * index.pointerOf(schema.properties.a); // '/properties/a'
 */
export function indexSchema(root: unknown): SchemaIndex {
  const pointers = new Map<object, string>();
  const anchors = new Map<string, string>();
  const sites: RefSite[] = [];
  const rootId = isRecord(root) && typeof root.$id === 'string' ? root.$id.split('#')[0] : '';
  const pending: Array<{ node: unknown; pointer: string; foreignBase: boolean }> = [
    { node: root, pointer: '', foreignBase: false },
  ];
  while (pending.length > 0) {
    const { node, pointer, foreignBase } = pending.pop() as (typeof pending)[number];
    if (typeof node !== 'object' || node === null || pointers.has(node)) continue;
    pointers.set(node, pointer);
    let base = foreignBase;
    if (isRecord(node)) {
      const id = node.$id;
      if (typeof id === 'string' && pointer !== '') {
        // `$id: '#name'` is a draft-07 anchor; any other `$id` starts a new base URI.
        if (id.startsWith('#')) anchors.set(id.slice(1), pointer);
        else base = true;
      }
      for (const anchorKey of ['$anchor', '$dynamicAnchor']) {
        const anchor = node[anchorKey];
        if (typeof anchor === 'string' && !base) anchors.set(anchor, pointer);
      }
      if (typeof node.$ref === 'string') sites.push({ pointer, ref: base ? undefined : node.$ref });
      for (const dynamicKey of ['$dynamicRef', '$recursiveRef']) {
        if (typeof node[dynamicKey] === 'string') sites.push({ pointer, ref: undefined });
      }
    }
    const entries: Array<[string, unknown]> = Array.isArray(node)
      ? node.map((child, index) => [String(index), child])
      : Object.entries(node);
    for (const [key, child] of entries) {
      pending.push({
        node: child,
        pointer: `${pointer}/${escapePointerToken(key)}`,
        foreignBase: base,
      });
    }
  }

  const resolve = (ref: string): string | undefined => {
    const hash = ref.indexOf('#');
    const base = hash === -1 ? ref : ref.slice(0, hash);
    const fragment = hash === -1 ? '' : ref.slice(hash + 1);
    if (base !== '' && base !== rootId) return undefined;
    if (fragment === '') return '';
    if (!fragment.startsWith('/')) return anchors.get(fragment);
    try {
      return decodeURIComponent(fragment);
    } catch {
      return undefined;
    }
  };

  const reachable = new Map<string, ReadonlySet<string> | 'everything'>();
  const refTargetsFrom = (location: string): ReadonlySet<string> | 'everything' => {
    const known = reachable.get(location);
    if (known !== undefined) return known;
    const targets = new Set<string>();
    const queue = [location];
    let answer: ReadonlySet<string> | 'everything' = targets;
    while (queue.length > 0 && answer !== 'everything') {
      const from = queue.pop() as string;
      for (const site of sites) {
        if (!isAtOrUnder(site.pointer, from)) continue;
        const target = site.ref === undefined ? undefined : resolve(site.ref);
        if (target === undefined) {
          answer = 'everything';
          break;
        }
        if (!targets.has(target)) {
          targets.add(target);
          queue.push(target);
        }
      }
    }
    reachable.set(location, answer);
    return answer;
  };

  return {
    pointerOf: (node) =>
      typeof node === 'object' && node !== null ? pointers.get(node) : undefined,
    refTargetsFrom,
  };
}

/**
 * True when `pointer` is `ancestor` itself or lies beneath it.
 *
 * @example
 * isAtOrUnder('/a/b', '/a');  // true
 * isAtOrUnder('/ab', '/a');   // false
 * isAtOrUnder('/a', '');      // true: '' is the root
 */
export function isAtOrUnder(pointer: string, ancestor: string): boolean {
  return pointer === ancestor || pointer.startsWith(`${ancestor}/`);
}
