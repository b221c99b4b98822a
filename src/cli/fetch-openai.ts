/** `fetch --ids`: OpenAI stored responses, `GET {base}/responses/{id}` one by one. */

import type { Say } from './audit-run.js';
import {
  baseFrom,
  type Env,
  type Fetched,
  type FetchPlan,
  failed,
  getWithRetries,
  networkProblem,
  type Provider,
  refusedKey,
  requiredKey,
  silence,
  unexpected,
} from './fetch-http.js';
import type { CliIo } from './io.js';
import { bodyText, type Watchdog } from './timeout.js';

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

export async function fetchResponse(
  openai: Provider,
  id: string,
  plan: FetchPlan,
  io: CliIo,
  signal: AbortSignal,
  say: Say,
): Promise<Fetched> {
  const url = `${openai.base}/responses/${encodeURIComponent(id)}`;
  const answer = await getWithRetries(url, openai.headers, id, plan, io, signal, say);
  if (!answer.ok) return failed(plan, id, null, answer.problem);
  try {
    return await readResponse(openai, id, answer, plan, signal, say);
  } finally {
    answer.watch.done();
  }
}

async function readResponse(
  openai: Provider,
  id: string,
  { response, watch }: { response: Response; watch: Watchdog },
  plan: FetchPlan,
  signal: AbortSignal,
  say: Say,
): Promise<Fetched> {
  if (response.status === 401 || response.status === 403) {
    await response.body?.cancel().catch(() => {});
    throw refusedKey(openai, response.status, id);
  }
  if (response.status === 404) {
    await response.body?.cancel().catch(() => {});
    plan.report.notFound.push(id);
    await say(`${id}: 404, expired or never stored; skipped`);
    return {
      kind: 'missing',
      id,
      detail:
        'OpenAI answered 404: the stored response expired, was never stored (store: false), or belongs to another project',
    };
  }
  if (response.status !== 200) {
    return failed(plan, id, null, await unexpected(response, watch));
  }
  let text: string;
  try {
    text = await bodyText(response, watch);
  } catch (error) {
    if (signal.aborted) throw error;
    const why = watch.timedOut() ? silence(plan) : networkProblem(error);
    return failed(plan, id, null, `the body broke off: ${why}`);
  }
  plan.report.fetched.responses += 1;
  return { kind: 'response', id, text };
}
