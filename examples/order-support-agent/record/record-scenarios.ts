/**
 * Records every scenario in ../scenarios.ts to ../recordings/<scenario>.har, the way you would
 * record your own agent: the official client sends the agent's real request, msw lets it through
 * to the provider, and recordTo writes what crossed the wire, with the API key redacted.
 *
 * The provider here is the stand-in (../stand-in-provider.ts) on a local port, so recording
 * needs no key and gives each scenario on demand. Against the live API, drop the stand-in and
 * let `https://api.openai.com/*` through instead; the rest stays as it is.
 */
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { http, passthrough } from 'msw';
import { setupServer } from 'msw/node';
import OpenAI from 'openai';
import { recordTo } from 'tool-call-health/msw';
import { expect, test } from 'vitest';
import { OrderSupportAgent } from '../agent.js';
import { OrderDesk, SAMPLE_ORDERS } from '../order-desk.js';
import { SCENARIOS, type Scenario } from '../scenarios.js';
import { respond } from '../stand-in-provider.js';

const folder = new URL('../recordings/', import.meta.url).pathname;

test('record every scenario', async () => {
  let playing: Scenario | undefined;
  const provider = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      if (request.url !== '/v1/responses' || playing === undefined) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(respond(JSON.parse(body), playing.plan)));
    });
  });
  provider.listen(0, '127.0.0.1');
  await once(provider, 'listening');
  const origin = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  const msw = setupServer(http.all(`${origin}/*`, () => passthrough()));
  msw.listen({ onUnhandledRequest: 'error' });
  const client = new OpenAI({
    apiKey: 'test-key-not-real',
    baseURL: `${origin}/v1`,
    maxRetries: 0,
  });

  try {
    await rm(folder, { recursive: true, force: true });
    for (const [name, scenario] of Object.entries(SCENARIOS)) {
      playing = scenario;
      const recorder = recordTo(`${folder}${name}.har`, { server: msw });
      await new OrderSupportAgent(client, new OrderDesk(SAMPLE_ORDERS), scenario.options).handle(
        scenario.message,
      );
      const saved = await recorder.save();
      recorder.stop();
      expect(saved.entries, name).toBe(1);
    }
  } finally {
    msw.close();
    provider.close();
  }
});
