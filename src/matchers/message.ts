/** Message building shared by the matchers: a hint, a verdict line, evidence, then repairs. */

/** Indents every line of a block. */
export function indent(lines: readonly string[], by = '  '): string[] {
  return lines.map((line) => (line === '' ? line : `${by}${line}`));
}

/** Bulleted repair lines, or nothing when there are none. */
export function repairLines(repairs: readonly string[]): string[] {
  return repairs.length === 0 ? [] : ['Repair:', ...repairs.map((repair) => `  - ${repair}`)];
}

/** Joins a message: the hint, a blank line, then the body. */
export function compose(hint: string, body: readonly string[]): string {
  return [hint, '', ...body].join('\n');
}

/** A call as one label: `"charge" (call_123) at output[1]`. */
export function callLabel(call: { name: string; callId: string | null; at?: string }): string {
  const name = call.name === '' ? '(no name)' : `"${call.name}"`;
  const id = call.callId === null ? '' : ` (${call.callId})`;
  return `${name}${id}${call.at ? ` at ${call.at}` : ''}`;
}
