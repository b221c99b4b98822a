/**
 * The validation layer: a tool call's parsed arguments against the JSON Schema the tool
 * declared, every violation worded as one line.
 */

export { formatArgumentPath } from './argument-path.js';
export { MAX_SCHEMA_DEPTH } from './canonical.js';
export { checkArguments, type SchemaCheck } from './check-arguments.js';
export { SCHEMA_CACHE_CAPACITY, type SchemaCacheStats, schemaCacheStats } from './compile-cache.js';
export { MAX_VALIDATION_DEPTH, measureNestingDepth } from './depth.js';
export { openApiToJsonSchema } from './openapi.js';
