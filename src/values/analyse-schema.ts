/**
 * The reading every schema-driven generator starts with (the arbitraries' argumentsFor,
 * violatingArgumentsFor and toolCallResponse, and fault injection): the schema as a document,
 * the builder of its values in the interpreter given, and its root.
 */
import { isRecord } from '../model/narrow.js';
import { libraryMessage } from '../text/library-message.js';
import type { Gens } from './gen.js';
import { SchemaDocument } from './schema-document.js';
import { type Built, ValueBuilder } from './schema-values.js';

/**
 * A schema no value satisfies (as far as construction can tell): its `reason` names the place.
 *
 * @example
 * new NoValueError('argumentsFor', 'minLength 5 is above maxLength 2').message;
 * // 'tool-call-health: argumentsFor found no value the schema accepts: minLength 5 is above maxLength 2'
 */
export class NoValueError extends Error {
  override name = 'NoValueError';
  constructor(
    caller: string,
    readonly reason: string,
  ) {
    super(libraryMessage(`${caller} found no value the schema accepts: ${reason}`));
  }
}

/** How deep `$ref` recursion and free-form JSON go unless `maxDepth` says otherwise. */
export const DEFAULT_MAX_DEPTH = 3;
const DEFAULT_MAX_ITEMS = 4;

/**
 * A schema read, with the builder that made its arbitrary, for the arbitraries built on it.
 *
 * @example
 * ```ts
 * const { document, root } = analyseSchema(schema, {}, 'argumentsFor', FAST_CHECK);
 * document.dispose();
 * ```
 */
export interface AnalysedSchema {
  document: SchemaDocument;
  builder: ValueBuilder;
  root: Extract<Built, { ok: true }>;
}

/**
 * Reads a schema and builds its root; the caller must `document.dispose()` when done.
 * Throws the errors {@link argumentsFor} documents.
 *
 * @example
 * ```ts
 * const { document, builder, root } = analyseSchema(schema, { maxDepth: 2 }, 'violatingArgumentsFor', SEEDED);
 * try {
 *   root.leaves; // what the root can be
 * } finally {
 *   document.dispose();
 * }
 * ```
 */
export function analyseSchema(
  schema: unknown,
  constraints: { maxDepth?: number; maxItems?: number; lenient?: boolean },
  caller: string,
  g: Gens,
): AnalysedSchema {
  if (!isRecord(schema)) {
    throw new TypeError(
      libraryMessage(
        `${caller} expects a JSON Schema object (or true), got ${schema === null ? 'null' : Array.isArray(schema) ? 'an array' : typeof schema}`,
      ),
    );
  }
  const document = new SchemaDocument(schema);
  try {
    const builder = new ValueBuilder(
      document,
      {
        maxDepth: constraints.maxDepth ?? DEFAULT_MAX_DEPTH,
        maxItems: constraints.maxItems ?? DEFAULT_MAX_ITEMS,
        lenient: constraints.lenient === true,
      },
      g,
    );
    // The root counts as entered once, so `$ref: '#'` nests as deep as a `$defs` recursion.
    const root = builder.fromEntries([{ schema: document.root, pointer: '' }], new Map([['', 1]]));
    if (!root.ok) throw new NoValueError(caller, root.reason);
    return { document, builder, root };
  } catch (error) {
    document.dispose();
    throw error;
  }
}
