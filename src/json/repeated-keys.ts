/**
 * Whether a JSON text names one key twice in an object. `JSON.parse` keeps the last of them, so
 * a reader that judges the text as it goes (the prefix watcher) and one that judges the parsed
 * value can disagree on such a text: callers that compare the two ask this first.
 */
import { JsonScanner, type JsonTokenListener, VALUE_KIND, type ValueKind } from './scanner.js';

/**
 * @example
 * hasRepeatedKey('{"a":"x","a":1}'); // true
 * hasRepeatedKey('{"a":{"a":1}}'); // false: each object has its own keys
 */
export function hasRepeatedKey(text: string): boolean {
  const listener = new RepeatedKeys(text);
  JsonScanner.listenedBy(listener).push(text);
  return listener.found;
}

class RepeatedKeys implements JsonTokenListener {
  found = false;
  /** Per open container, its keys so far (`null` for an array). */
  private readonly open: (Set<string> | null)[] = [];
  private keyFrom = -1;

  constructor(private readonly text: string) {}

  value(kind: ValueKind): void {
    if (kind === VALUE_KIND.object) this.open.push(new Set());
    else if (kind === VALUE_KIND.array) this.open.push(null);
  }

  key(index: number): void {
    this.keyFrom = index + 1;
  }

  stringEnd(index: number): void {
    if (this.keyFrom === -1) return;
    const raw = this.text.slice(this.keyFrom, index);
    this.keyFrom = -1;
    const key = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
    const keys = this.open[this.open.length - 1];
    if (keys === undefined || keys === null) return;
    if (keys.has(key)) this.found = true;
    keys.add(key);
  }

  numberEnd(): void {}

  comma(): void {}

  close(): void {
    this.open.pop();
  }
}
