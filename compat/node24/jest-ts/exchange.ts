/**
 * The exchange the README's Jest test imports ("your agent's exchange"): a recorded healthy
 * Chat Completions call to lookup_order, read from the repository's fixtures.
 */
import { readFileSync } from 'node:fs';

const har = JSON.parse(
  readFileSync(new URL('../../../fixtures/openai-chat/healthy-call.har', import.meta.url), 'utf8'),
);
const [entry] = har.log.entries;

export const request: unknown = JSON.parse(entry.request.postData.text);
export const response: unknown = JSON.parse(entry.response.content.text);
