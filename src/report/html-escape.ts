/**
 * Text from a recording made safe to stand in the page: every string a payload or a test wrote
 * (a tool name, arguments quoted in a detail, a model name) goes through one of these.
 */

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Text as HTML text or a quoted attribute value.
 *
 * @example
 * escapeHtml('<script>'); // '&lt;script&gt;'
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

/**
 * A value as JSON that can sit inside `<script type="application/json">`: no `<` can close the
 * element early (`</script>`) or open a comment, whatever the strings hold.
 *
 * @example
 * scriptJson({ tool: '</script>' }); // '{"tool":"\\u003c/script>"}'
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
