/** `fetch --ids`: OpenAI stored responses, `GET {base}/responses/{id}` one by one. */

import type { Say } from './audit-run.js';
import {
  baseFrom,
  type Env,
  type Fetched,
  type FetchPlan,
  getDocument,
  type Provider,
  requiredKey,
} from './fetch-http.js';
import type { CliIo } from './io.js';

const OPENAI_DEFAULT_BASE = 'https://api.openai.com/v1';

/** OpenAI's connection: the key from OPENAI_API_KEY, organization and project headers when set. */
export function openAiProvider(flag: string | null, env: Env): Provider {
  const key = requiredKey(env, 'OPENAI_API_KEY', 'stored responses');
  const headers: Record<string, string> = {
    authorization: `Bearer ${key}`,
    accept: 'application/json',
  };
  if (env.OPENAI_ORG_ID) headers['openai-organization'] = env.OPENAI_ORG_ID;
  if (env.OPENAI_PROJECT_ID) headers['openai-project'] = env.OPENAI_PROJECT_ID;
  return {
    name: 'OpenAI',
    base: baseFrom(flag, env, 'OPENAI_BASE_URL', OPENAI_DEFAULT_BASE),
    headers,
    keyVariable: 'OPENAI_API_KEY',
  };
}

/** One stored response by id: its body, or why there is none. */
export async function fetchResponse(
  openai: Provider,
  id: string,
  plan: FetchPlan,
  io: CliIo,
  signal: AbortSignal,
  say: Say,
): Promise<Fetched> {
  const got = await getDocument(
    {
      provider: openai,
      url: `${openai.base}/responses/${encodeURIComponent(id)}`,
      label: id,
      batchId: null,
      notFound: {
        said: 'expired or never stored',
        detail:
          'OpenAI answered 404: the stored response expired, was never stored (store: false), or belongs to another project',
      },
      bodyName: 'the body',
    },
    plan,
    io,
    signal,
    say,
  );
  if (got.kind !== 'document') return got;
  plan.report.fetched.responses += 1;
  return { kind: 'response', id, text: got.text };
}
