/**
 * Malformed JSON, as models write it: the families of mistakes (a trailing comma, unquoted keys,
 * single quotes, comments, Python literals, two documents run together, a Markdown fence, prose
 * before the object...), each breaking a valid object so no continuation can make it parse.
 * Written once in the generator algebra: the arbitraries' `malformedJson` runs it through
 * fast-check, fault injection seeded.
 */
import type { JsonValue } from '../model/narrow.js';
import { libraryMessage } from '../text/library-message.js';
import { isIdentifier } from '../text/path.js';
import type { Gen, Gens } from './gen.js';

/**
 * The ways models break JSON, each a family of {@link malformedJson} samples.
 *
 * @example
 * ```ts
 * malformedJson({ families: MALFORMED_FAMILIES.filter((family) => family !== 'markdown-fence') });
 * ```
 */
export const MALFORMED_FAMILIES = [
  'trailing-comma',
  'unquoted-key',
  'single-quotes',
  'comment',
  'missing-colon',
  'missing-comma',
  'extra-closer',
  'concatenated-documents',
  'python-literals',
  'non-finite-number',
  'markdown-fence',
  'prose-before',
] as const;

/**
 * One family of malformed JSON: `{"a": 1,}`, `{a: 1}`, `{'a': 'x'}`, `// note` or `/* *\/`,
 * `{"a" 1}`, `{"a": 1 "b": 2}`, `{"a": 1}}`, `{"a": 1}{"b": 2}`, `True`/`None`,
 * `NaN`/`Infinity`, a markdown fence around the JSON, prose before it.
 *
 * @example
 * ```ts
 * const family: MalformedFamily = 'trailing-comma';
 * ```
 */
export type MalformedFamily = (typeof MALFORMED_FAMILIES)[number];

/**
 * A malformed text and the family it belongs to.
 *
 * @example
 * ```ts
 * const sample: MalformedJsonSample = { text: '{"order_id": "A-1001",}', family: 'trailing-comma' };
 * ```
 */
export interface MalformedJsonSample {
  text: string;
  family: MalformedFamily;
}

type Style = 'compact' | 'spaced' | 'pretty';

interface Member {
  key: string;
  value: JsonValue;
}

/** Tool-argument members, each key with values of the kind it holds. */
function memberValues(g: Gens): Readonly<Record<string, Gen<JsonValue>>> {
  return {
    order_id: g.map(g.integer({ min: 1000, max: 9999 }), (number) => `A-${number}`),
    amount_cents: g.integer({ min: 1, max: 50_000 }),
    currency: g.constantFrom('usd', 'eur', 'gbp'),
    reason: g.constantFrom(
      'damaged',
      'arrived late',
      'wrong size',
      'Customer says the box was empty.',
    ),
    include_items: g.boolean(),
    note: g.option(g.constantFrom('Please hurry', 'Leave at the door', 'Gift — no invoice'), {
      nil: null,
    }),
    priority: g.constantFrom('low', 'normal', 'high'),
    items: g.array(g.constantFrom('sku-1042', 'sku-2210', 'sku-7781'), { maxLength: 3 }),
    customer_email: g.constantFrom('ana@example.com', 'li.wei@example.org'),
    quantity: g.integer({ min: 1, max: 12 }),
    refund_shipping: g.boolean(),
    discount: g.map(g.double({ min: 0, max: 0.5 }), (share) => Math.round(share * 100) / 100),
  };
}

/**
 * Small tool-argument objects: one to five members of the kinds tools take.
 *
 * @example
 * g.probe(argumentObjects(g), 1); // e.g. [{ order_id: 'A-4821', include_items: true }]
 */
export function argumentObjects(g: Gens): Gen<JsonValue> {
  const members = memberValues(g);
  const keys = Object.keys(members);
  return g.map(
    g.tuple(
      g.tuple(...keys.map((key) => members[key] as Gen<JsonValue>)),
      g.subarray(keys, { minLength: 1, maxLength: 5 }),
    ),
    ([values, chosen]) => {
      const object: Record<string, JsonValue> = {};
      for (const key of chosen) object[key] = values[keys.indexOf(key)] ?? null;
      return object;
    },
  );
}

const PROSE = [
  'Here are the arguments:',
  'Sure! Calling the tool now.',
  "I'll look that up for you.",
  'Arguments:',
  'Okay, here is the JSON you asked for:',
  'Calling lookup_order with:',
];
const COMMENTS = ['// the order the customer named', '/* amount in cents */', '// TODO: confirm'];

/** A member, written in a style, with the family's change at its place. */
interface Overrides {
  key?: (index: number, key: string) => string;
  value?: (index: number, value: JsonValue) => string;
  colon?: (index: number) => string;
  separator?: (index: number) => string;
  before?: (index: number) => string;
  trailing?: string;
}

function render(members: readonly Member[], style: Style, overrides: Overrides = {}): string {
  const indent = style === 'pretty' ? '\n  ' : style === 'spaced' ? ' ' : '';
  const space = style === 'compact' ? '' : ' ';
  const parts = members.map((member, index) => {
    const key = overrides.key?.(index, member.key) ?? JSON.stringify(member.key);
    const colon = overrides.colon?.(index) ?? `:${space}`;
    const value = overrides.value?.(index, member.value) ?? JSON.stringify(member.value);
    return `${overrides.before?.(index) ?? ''}${key}${colon}${value}`;
  });
  let body = '';
  parts.forEach((part, index) => {
    body +=
      index === 0
        ? `${indent}${part}`
        : `${overrides.separator?.(index - 1) ?? ','}${indent}${part}`;
  });
  const close = style === 'pretty' ? '\n' : style === 'spaced' && members.length > 0 ? ' ' : '';
  return `{${body}${overrides.trailing ?? ''}${close}}`;
}

function membersOf(value: JsonValue): Member[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new Error(
      libraryMessage(`malformedJson needs objects in \`value\`, got ${JSON.stringify(value)}`),
    );
  }
  return Object.entries(value).flatMap(([key, member]) =>
    member === undefined ? [] : [{ key, value: member }],
  );
}

/** Adds a member when the family needs one the object lacks. */
function ensure(members: Member[], test: (member: Member) => boolean, extra: Member): Member[] {
  if (members.some(test)) return [...members];
  const key = members.some((member) => member.key === extra.key) ? `${extra.key}_2` : extra.key;
  return [...members, { key, value: extra.value }];
}

function breakJson(
  members: Member[],
  family: MalformedFamily,
  style: Style,
  position: number,
  variant: number,
): string {
  const pick = <T>(list: readonly T[]) => list[variant % list.length] as T;
  const at = (count: number) => position % Math.max(1, count);
  const space = style === 'compact' ? '' : ' ';
  switch (family) {
    case 'trailing-comma':
      return render(
        ensure(members, () => true, { key: 'note', value: 'gift' }),
        style,
        { trailing: ',' },
      );
    case 'unquoted-key': {
      const list = ensure(members, (member) => isIdentifier(member.key), {
        key: 'order_id',
        value: 'A-1001',
      });
      const bare = list.filter((member) => isIdentifier(member.key));
      const chosen = bare[at(bare.length)]?.key;
      return render(list, style, {
        key: (_, key) =>
          (key === chosen || variant % 2 === 1) && isIdentifier(key) ? key : JSON.stringify(key),
      });
    }
    case 'single-quotes': {
      const quote = (text: string) => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
      // An empty object has no quote to change: it would parse.
      const list = ensure(members, () => true, { key: 'order_id', value: 'A-1001' });
      return render(list, style, {
        key: (_, key) => quote(key),
        value: (_, value) => (typeof value === 'string' ? quote(value) : JSON.stringify(value)),
      });
    }
    case 'comment': {
      const comment = pick(COMMENTS);
      const list = ensure(members, () => true, { key: 'note', value: 'gift' });
      const index = at(list.length);
      const lineEnd = comment.startsWith('//') ? '\n' : space;
      if (variant % 3 === 2) return `${comment}\n${render(list, style)}`;
      return render(list, style, {
        before: (member) =>
          member === index ? `${comment}${lineEnd}${style === 'pretty' ? '  ' : ''}` : '',
      });
    }
    case 'missing-colon': {
      const list = ensure(members, () => true, { key: 'order_id', value: 'A-1001' });
      const index = at(list.length);
      return render(list, style, { colon: (member) => (member === index ? ' ' : `:${space}`) });
    }
    case 'missing-comma': {
      const list = ensure(members, () => true, { key: 'order_id', value: 'A-1001' });
      if (list.length < 2) {
        const key =
          ['reason', 'note', 'priority'].find((name) => name !== list[0]?.key) ?? 'reason';
        list.push({ key, value: 'damaged' });
      }
      const index = at(list.length - 1);
      return render(list, style, {
        separator: (gap) => (gap === index ? (style === 'pretty' ? '' : ' ') : ','),
      });
    }
    case 'extra-closer':
      return `${render(members, style)}${pick(['}', '}}', ']'])}`;
    case 'concatenated-documents': {
      const second =
        members.length > 1
          ? members.slice(at(members.length))
          : [{ key: 'note', value: 'second call' }];
      return `${render(members, style)}${pick(['', '\n', ' '])}${render(second, style)}`;
    }
    case 'python-literals': {
      const list = ensure(
        members,
        (member) => typeof member.value === 'boolean' || member.value === null,
        {
          key: 'include_items',
          value: variant % 2 === 0,
        },
      );
      return render(list, style, {
        value: (_, value) =>
          value === true
            ? 'True'
            : value === false
              ? 'False'
              : value === null
                ? 'None'
                : JSON.stringify(value),
      });
    }
    case 'non-finite-number': {
      const list = ensure(members, (member) => typeof member.value === 'number', {
        key: 'amount_cents',
        value: 0,
      });
      const numbers = list.filter((member) => typeof member.value === 'number');
      const chosen = numbers[at(numbers.length)]?.key;
      const word = pick(['NaN', 'Infinity', '-Infinity']);
      return render(list, style, {
        value: (index, value) => (list[index]?.key === chosen ? word : JSON.stringify(value)),
      });
    }
    case 'markdown-fence':
      return `${pick(['```json\n', '```\n', '```JSON\n'])}${render(members, style)}\n\`\`\``;
    case 'prose-before':
      return `${pick(PROSE)}${pick(['\n', ' ', '\n\n'])}${render(members, style)}`;
  }
}

/**
 * Malformed texts with their family, breaking the objects `value` draws the way each family
 * says; every text is `'malformed'` for `jsonState` (no continuation makes it parse) and never
 * empty.
 *
 * @example
 * g.probe(malformedOf(g, argumentObjects(g), ['trailing-comma']), 1); // [{ text: '{"note":"gift",}', family: 'trailing-comma' }]
 */
export function malformedOf(
  g: Gens,
  value: Gen<JsonValue>,
  families: readonly MalformedFamily[],
): Gen<MalformedJsonSample> {
  return g.map(
    g.tuple(
      value,
      g.constantFrom(...families),
      g.constantFrom<Style>('compact', 'spaced', 'pretty'),
      g.integer({ min: 0, max: 15 }),
      g.integer({ min: 0, max: 5 }),
    ),
    ([object, family, style, position, variant]) => ({
      text: breakJson(membersOf(object), family, style, position, variant),
      family,
    }),
  );
}
