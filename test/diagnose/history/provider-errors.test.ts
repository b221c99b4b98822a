/**
 * fixtures/history/: for each break a provider rejects, the request and the 400 it answers
 * with, in the provider's own words (written from the error text users reported, each file
 * naming where). Each 400 is one of the errors the surface's rules list for the state
 * diagnoseHistory gives its request, so a rule and its verdict cannot drift from what the
 * provider says.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { diagnoseHistory, readTurn } from '../../../src/index.js';
import { SURFACE_IDS, surfaceById } from '../../../src/registry/index.js';

interface ProviderErrorFixture {
  surface: (typeof SURFACE_IDS)[number];
  state: string;
  about: string;
  source: { docs: string; errorSeen: string; read: string };
  request: unknown;
  status: number;
  headers: Record<string, string>;
  /** The provider's error body: with `request`, the file is the exchange as it happened. */
  response: Record<string, unknown>;
}

const folder = new URL('../../../fixtures/history/', import.meta.url);
const files = readdirSync(folder)
  .filter((file) => file.endsWith('.json'))
  .sort();
const fixtureOf = (file: string) =>
  JSON.parse(readFileSync(new URL(file, folder), 'utf8')) as ProviderErrorFixture;

/** The message of any provider's error body: `{ error: { message } }` or Bedrock's `{ message }`. */
function errorMessage(body: Record<string, unknown>): string {
  const error = body.error as { message?: unknown } | undefined;
  return String(error?.message ?? body.message ?? '');
}

/** A rule's error text as a pattern: `<id>` any id (or list of them), `N` any index. */
function errorPattern(template: string): RegExp {
  const escaped = template.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = escaped
    .replaceAll('<id>', '[\\w.:-]+(?:, [\\w.:-]+)*')
    .replace(/(messages|content)\\\.N/g, '$1\\.\\d+')
    .replace(/messages\\\[N\\\]/g, 'messages\\[\\d+\\]');
  return new RegExp(`^${pattern}$`);
}

describe('each recorded 400 maps to the state diagnoseHistory gives its request', () => {
  test('there is a 400 for every break every surface enforces', () => {
    const expected = SURFACE_IDS.flatMap((surface) =>
      (surfaceById(surface).history?.rules.rules ?? []).map(
        (rule) => `${surface}.${rule.breaks}.json`,
      ),
    ).sort();
    expect(files).toEqual(expected);
  });

  test.each(files)('%s', (file) => {
    const fixture = fixtureOf(file);
    const verdict = diagnoseHistory(fixture.request);
    expect(verdict.surface).toBe(fixture.surface);
    expect(verdict.state).toBe(fixture.state);

    const said = errorMessage(fixture.response);
    const rules = surfaceById(fixture.surface).history?.rules.rules ?? [];
    const matching = rules
      .filter((rule) => errorPattern(rule.error).test(said))
      .map((rule) => rule.breaks);
    // Some providers word two breaks alike (a misplaced result reads as an unanswered call):
    // the state given must be one the provider's words allow.
    expect(matching).toContain(verdict.state);
    expect(fixture.status).toBe(400);
    const rule = rules.find((candidate) => candidate.breaks === verdict.state);
    expect(fixture.source).toEqual({
      docs: rule?.source.url,
      errorSeen: rule?.source.errorSeen,
      read: rule?.source.read,
    });
    // The library reads the 400 itself as an error body, not a turn.
    const read = readTurn(fixture);
    expect(read.ok === false && read.apiError).toBe(true);
    // And the history diagnosis reads the file as the exchange it is.
    expect(diagnoseHistory(fixture).state).toBe(fixture.state);
  });
});
