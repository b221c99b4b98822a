/**
 * JSON Pointer tokens (RFC 6901), escaped and unescaped in one place: the schema's `$ref`
 * readers, the violation paths and the value generator all walk pointers.
 */

/**
 * One token escaped: `~` as `~0`, then `/` as `~1`.
 *
 * @example
 * escapePointerToken('a/b~c'); // 'a~1b~0c'
 */
export function escapePointerToken(token: string): string {
  return token.replaceAll('~', '~0').replaceAll('/', '~1');
}

/**
 * One token unescaped: `~1` as `/`, then `~0` as `~` (in that order, so `~01` stays `~1`).
 *
 * @example
 * unescapePointerToken('a~1b~0c'); // 'a/b~c'
 */
export function unescapePointerToken(token: string): string {
  return token.includes('~') ? token.replaceAll('~1', '/').replaceAll('~0', '~') : token;
}

/**
 * A pointer's tokens, unescaped; none for the whole document (`''`).
 *
 * @example
 * pointerTokens('/a~1b/0'); // ['a/b', '0']
 */
export function pointerTokens(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer.slice(1).split('/').map(unescapePointerToken);
}

/**
 * The tokens of a local `$ref` written as a URI fragment (`#/$defs/a%20b`): each percent-decoded,
 * then unescaped (RFC 6901, section 6); `#` alone is the root, no tokens. `null` for a fragment
 * that is no pointer, or whose percent-encoding is broken.
 *
 * @example
 * fragmentTokens('#/$defs/a~1b%20c'); // ['$defs', 'a/b c']
 */
export function fragmentTokens(ref: string): string[] | null {
  if (ref === '#') return [];
  if (!ref.startsWith('#/')) return null;
  const tokens: string[] = [];
  for (const raw of ref.slice(2).split('/')) {
    let token = raw;
    if (token.includes('%')) {
      try {
        token = decodeURIComponent(token);
      } catch {
        return null;
      }
    }
    tokens.push(unescapePointerToken(token));
  }
  return tokens;
}
