/**
 * Strings for a leaf of the plan: a format's or a pattern's values, cut to the length window
 * when enough of them fit, or plain strings of the right length; and, for a lenient caller that
 * checks each value, what cannot be honoured by construction.
 */

import type { Gen, Gens } from './gen.js';
import { ARGUMENTS_FOR_FORMATS, schemaPathText, UnsupportedSchemaError } from './keywords.js';
import type { LeafPlan } from './leaf-plan.js';
import { plainString } from './leaf-values.js';

/** Share of pattern/format samples that must fit a length window before filtering is allowed. */
const MIN_FIT_SHARE = 0.05;
const PROBE_SAMPLES = 200;

export function stringValues(
  g: Gens,
  formatGens: Readonly<Record<string, Gen<string>>>,
  plan: LeafPlan,
  lenient: boolean,
): Gen<string> | string {
  try {
    return stringsHonouring(g, formatGens, plan);
  } catch (error) {
    if (!lenient || !(error instanceof UnsupportedSchemaError)) throw error;
    return stringsLeniently(g, formatGens, plan);
  }
}

/**
 * Strings for what cannot be honoured by construction, for a caller that checks each value:
 * a format's values its pattern accepts (zod writes both for `z.iso.date()`), else plain
 * strings of the right length.
 */
function stringsLeniently(
  g: Gens,
  formatGens: Readonly<Record<string, Gen<string>>>,
  plan: LeafPlan,
): Gen<string> {
  const { minLength, maxLength, patterns, formats } = plan.strings;
  const name = String(formats[0]?.schema.format);
  const base = Object.hasOwn(formatGens, name) ? formatGens[name] : undefined;
  if (base !== undefined) {
    const accepts = (text: string) =>
      patterns.every((part) => {
        try {
          return new RegExp(String(part.schema.pattern), 'u').test(text);
        } catch {
          return false;
        }
      });
    if (g.probe(base, 50).some(accepts)) return g.filter(base, accepts);
  }
  return plainString(g, minLength, maxLength);
}

/** Strings honouring every keyword of the plan, or the keyword it cannot honour thrown. */
function stringsHonouring(
  g: Gens,
  formatGens: Readonly<Record<string, Gen<string>>>,
  plan: LeafPlan,
): Gen<string> | string {
  const { minLength, maxLength, patterns, formats } = plan.strings;
  if (minLength > maxLength) return `minLength ${minLength} is above maxLength ${maxLength}`;
  const distinctFormats = [...new Set(formats.map((part) => String(part.schema.format)))];
  const distinctPatterns = [...new Set(patterns.map((part) => String(part.schema.pattern)))];
  if (distinctFormats.length > 1) {
    throw new UnsupportedSchemaError(
      'format',
      schemaPathText(`${formats[1]?.pointer}/format`),
      `two formats (${distinctFormats.join(', ')}) apply to one string`,
    );
  }
  if (distinctPatterns.length > 1) {
    throw new UnsupportedSchemaError(
      'pattern',
      schemaPathText(`${patterns[1]?.pointer}/pattern`),
      'two patterns apply to one string',
    );
  }
  const format = formats[0];
  const pattern = patterns[0];
  if (format !== undefined && pattern !== undefined) {
    throw new UnsupportedSchemaError(
      'pattern',
      schemaPathText(`${pattern.pointer}/pattern`),
      'a pattern together with a format is not generated',
    );
  }
  let base: Gen<string> | undefined;
  let source = '';
  if (format !== undefined) {
    const name = String(format.schema.format);
    base = Object.hasOwn(formatGens, name) ? formatGens[name] : undefined;
    if (base === undefined) {
      throw new UnsupportedSchemaError(
        'format',
        schemaPathText(`${format.pointer}/format`),
        `unknown format ${JSON.stringify(name)}; the formats generated are ${ARGUMENTS_FOR_FORMATS.join(', ')}`,
      );
    }
    source = `format ${name}`;
  }
  if (pattern !== undefined) {
    base = patternValues(g, String(pattern.schema.pattern), pattern.pointer);
    source = `pattern ${String(pattern.schema.pattern)}`;
  }
  if (base === undefined) return plainString(g, minLength, maxLength);
  if (minLength === 0 && maxLength === Number.POSITIVE_INFINITY) return base;
  const fits = (text: string) => {
    const length = [...text].length;
    return length >= minLength && length <= maxLength;
  };
  const sample = g.probe(base, PROBE_SAMPLES);
  const share = sample.filter(fits).length / sample.length;
  if (share < MIN_FIT_SHARE) {
    const keyword = minLength > 0 ? 'minLength' : 'maxLength';
    const owner = plan.node.parts.find((part) => Object.hasOwn(part.schema, keyword));
    throw new UnsupportedSchemaError(
      keyword,
      schemaPathText(`${owner?.pointer ?? ''}/${keyword}`),
      `only ${Math.round(share * 100)}% of generated strings for ${source} have ${lengthWindow(minLength, maxLength)}; loosen the limits or the ${format === undefined ? 'pattern' : 'format'}`,
    );
  }
  return g.filter(base, fits);
}

function lengthWindow(minLength: number, maxLength: number): string {
  if (maxLength === Number.POSITIVE_INFINITY) return `at least ${minLength} characters`;
  if (minLength === 0) return `at most ${maxLength} characters`;
  return `${minLength} to ${maxLength} characters`;
}

/**
 * Strings matching a JSON Schema pattern, compiled with the `u` flag as Ajv compiles it.
 * The match is anchored when fast-check can do so: a whole-string match is a match, and it
 * reads like a real value rather than noise around one.
 */
function patternValues(g: Gens, pattern: string, pointer: string): Gen<string> {
  const where = schemaPathText(`${pointer}/pattern`);
  try {
    new RegExp(pattern, 'u');
  } catch (error) {
    throw new UnsupportedSchemaError(
      'pattern',
      where,
      `not a valid regular expression with the u flag (${(error as Error).message})`,
    );
  }
  const attempts = [`^(?:${pattern})$`, pattern];
  let last: unknown;
  for (const source of attempts) {
    try {
      const strings = g.stringMatching(new RegExp(source, 'u'));
      const regex = new RegExp(pattern, 'u');
      if (g.probe(strings, 20).every((text) => regex.test(text))) return strings;
    } catch (error) {
      last = error;
    }
  }
  throw new UnsupportedSchemaError(
    'pattern',
    where,
    `fast-check cannot generate strings for it${last instanceof Error ? ` (${last.message})` : ''}`,
  );
}
