/**
 * The tools every generated agent loop declares: a support desk's, each taking one query. The
 * request bodies themselves are written by each surface (`historyWriterFor`).
 *
 * @internal
 */
import type { NeutralTool } from '../../surfaces/payload.js';

const SCHEMA = {
  type: 'object',
  properties: { query: { type: 'string' } },
  required: ['query'],
  additionalProperties: false,
};

/** The tools every script's calls use. */
export const SCRIPT_TOOLS: readonly NeutralTool[] = [
  { name: 'lookup_order', description: 'Find an order by its id.' },
  { name: 'issue_refund', description: 'Refund part or all of an order.' },
  { name: 'get_weather', description: 'Current weather for a city.' },
  { name: 'search_docs', description: 'Search the help centre.' },
].map((tool) => ({ ...tool, parameters: SCHEMA }));
