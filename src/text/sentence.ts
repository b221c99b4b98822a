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

/**
 * A phrase made to start a sentence: its first letter upper-cased, the rest untouched.
 *
 * @example
 * ```ts
 * upperFirst('the OpenAI Responses API rejected it'); // 'The OpenAI Responses API rejected it'
 * ```
 */
export function upperFirst(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

/**
 * A sentence made to continue another after a colon: its first letter lower-cased.
 *
 * @example
 * ```ts
 * lowerFirst('The text was cut mid-answer.'); // 'the text was cut mid-answer.'
 * ```
 */
export function lowerFirst(text: string): string {
  return `${text.charAt(0).toLowerCase()}${text.slice(1)}`;
}

/**
 * The first sentence of a text: up to and including its first `.` followed by white space, or
 * all of it. What one-line views (`--format lines`, the repairs' summary) show of a paragraph.
 *
 * @example
 * ```ts
 * firstSentence('Parses, and breaks the schema. 2 places.'); // 'Parses, and breaks the schema.'
 * ```
 */
export function firstSentence(text: string): string {
  const end = text.search(/\.\s/);
  return end === -1 ? text : text.slice(0, end + 1);
}
