/**
 * The options checked before anything is read: a value of the wrong kind is a programming
 * error, thrown as a TypeError that names the option and what it takes, where it would otherwise
 * be ignored and a verdict read without it. Data never throws; options do.
 */
import type { ReadOptions } from '../model/model.js';
import { isRecord } from '../model/narrow.js';
import { describeValue } from '../text/describe-value.js';
import { libraryMessage } from '../text/library-message.js';

/** What each read option takes, as its check and its words. */
const CHECKS: ReadonlyArray<[keyof ReadOptions, (value: unknown) => boolean, string]> = [
  // The declarations inside are data, read with notes; the option itself is a list or an object.
  ['tools', (value) => typeof value === 'object', 'a list of tools or a tool collection'],
  ['parallelToolCalls', (value) => typeof value === 'boolean', 'true or false'],
  ['expectJson', (value) => typeof value === 'boolean', 'true or false'],
  ['maxOutputTokens', isCount, 'a whole number of tokens, 0 or more'],
  ['choice', isCount, 'the index of a choice, 0 or more'],
];

function isCount(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/**
 * The options object, checked to be one: `undefined` and `null` are no options; anything else
 * that is not an object throws a TypeError naming `where`.
 *
 * @example
 * checkOptionsObject('openai-chat', 'diagnoseHistory options'); // throws TypeError('tool-call-health: diagnoseHistory options must be an object, such as { surface }; got the string "openai-chat"')
 */
export function checkOptionsObject(
  options: unknown,
  where: string,
  example: string,
): Record<string, unknown> | undefined {
  if (options === undefined || options === null) return undefined;
  if (isRecord(options)) return options;
  throw new TypeError(
    libraryMessage(`${where} must be an object, such as ${example}; got ${describeValue(options)}`),
  );
}

/**
 * Throws a TypeError for read options of the wrong kind (`null` stands for an option not given).
 * Keys it does not know are left to the caller (a matcher's own options ride along).
 *
 * @example
 * checkReadOptions({ maxOutputTokens: '512' }); // throws TypeError('tool-call-health: options.maxOutputTokens takes a whole number of tokens, 0 or more; got the string "512"')
 */
export function checkReadOptions(options: unknown): void {
  const given = checkOptionsObject(options, 'options', '{ tools }');
  if (given === undefined) return;
  for (const [key, check, takes] of CHECKS) {
    const value = given[key];
    if (value !== undefined && value !== null && !check(value)) {
      throw new TypeError(
        libraryMessage(`options.${key} takes ${takes}; got ${describeValue(value)}`),
      );
    }
  }
}
