/**
 * Every fault on every surface, streamed and not, through the official clients (plain fetch for
 * Gemini): each answer the handlers write is diagnosed by this package's own diagnoses on the
 * body the client sent and what it got back, and must read as its fault's whole profile. A fault the surface
 * cannot carry is a 400 the client raises, naming the fault and the surface.
 */
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { diagnoseCalls, FAULTS, type Fault } from '../../../src/index.js';
import type { WireSurfaceId } from '../../../src/model/model.js';
import { type FaultEvent, faultHandlers } from '../../../src/msw/index.js';
import { SURFACE_IDS } from '../../../src/registry/index.js';
import { writerFor } from '../../../src/writers/index.js';
import { copiesOf, expectedProfile, profileOf } from '../../faults/profile.js';
import { ask } from './support.js';

/** Where a fault cannot be written, as the README's matrix says. */
const NOT_ON: Partial<Record<Fault, readonly WireSurfaceId[]>> = {
  'arguments-unparseable': ['anthropic-messages', 'bedrock-converse'],
  'arguments-truncated': ['gemini'],
  refused: ['gemini', 'bedrock-converse'],
  'stopped-by-filter': ['anthropic-messages'],
  'strict-void': ['anthropic-messages', 'gemini', 'bedrock-converse'],
};

const expressible = (fault: Fault, surface: WireSurfaceId, streamed: boolean) =>
  !(NOT_ON[fault] ?? []).includes(surface) && (fault !== 'stream-cut' || streamed);

const server = setupServer();
const sent: Promise<string>[] = [];
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:start', ({ request }) => {
    sent.push(request.clone().text());
  });
});
afterEach(() => {
  server.resetHandlers();
  sent.length = 0;
});
afterAll(() => server.close());

const CASES = SURFACE_IDS.flatMap((surface) =>
  [false, true].flatMap((streamed) =>
    FAULTS.map((fault) => [surface, streamed ? 'streamed' : 'whole', fault, streamed] as const),
  ),
);

describe('every fault x every surface x streamed or not, through the clients, diagnosed', () => {
  test.each(CASES)('%s %s: %s', async (surface, _mode, fault, streamed) => {
    const events: FaultEvent[] = [];
    server.use(...faultHandlers({ fault, seed: 11, onFault: (event) => events.push(event) }));
    const answer = await ask(surface, streamed);
    expect(events, JSON.stringify(answer)).toHaveLength(1);
    if (!expressible(fault, surface, streamed)) {
      expect(answer.ok).toBe(false);
      if (answer.ok) return;
      expect(answer.status).toBe(400);
      expect(answer.message).toContain(
        `tool-call-health: faultHandlers: the fault "${fault}" cannot be written on ${surface}`,
      );
      expect(events[0]?.errorCode).toBe('fault-not-expressible');
      return;
    }
    expect(answer.ok, answer.ok ? '' : answer.message).toBe(true);
    if (!answer.ok) return;
    expect(events[0]).toMatchObject({ surface, streamed, fault, error: null });
    const request = JSON.parse((await sent[0]) ?? '{}');
    const exchange = { request, response: answer.response };
    // The whole profile: the fault's own state, and a healthy reading in the other diagnoses.
    const setting = { strict: writerFor(surface).can.strictTools, parallel: undefined };
    expect(profileOf(exchange)).toEqual(
      expectedProfile(fault, surface, setting, copiesOf(events[0]?.variant ?? '')),
    );
    const calls = diagnoseCalls(exchange);
    if (fault === 'duplicate-call') {
      expect(new Set(calls.map((call) => call.name)).size).toBe(1);
      expect(new Set(calls.map((call) => JSON.stringify(call.arguments))).size).toBe(1);
    } else if (calls.length === 1 && fault !== 'unknown-tool') {
      expect(calls[0]?.name).toBe(events[0]?.tool);
    }
  });
});
