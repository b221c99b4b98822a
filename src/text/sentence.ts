/**
 * Whether a text already ends its sentence (`.`, `!`, `?` or `…`), so a message quoting it
 * adds no mark of its own after it: `refused: "I can’t help with that." Nothing was cut.`,
 * never `"… that.". Nothing`.
 *
 * @example
 * ```ts
 * endsSentence('I can’t help with that.'); // true
 * endsSentence('max_tokens: Field required'); // false
 * ```
 */
export function endsSentence(text: string): boolean {
  return /[.!?…]$/u.test(text);
}
