/**
 * Imported by record.sample.ts in the new project: the recorder set-up as written, with no
 * agent run between listen and save, so it saves a HAR of no entries and reaches no network.
 */
// --- README: Recorded responses: msw and the recorder ---
import { http, passthrough } from 'msw';
import { setupServer } from 'msw/node';
import { recordTo } from 'tool-call-health/msw';

const server = setupServer(http.all('https://api.openai.com/*', () => passthrough()));
server.listen({ onUnhandledRequest: 'error' });
const recorder = recordTo('recordings/refund.har', { server });
// ... run the agent against the live API ...
await recorder.save();
// --- end ---
