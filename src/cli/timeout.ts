/**
 * How long `fetch` waits on a silent server. A request whose server sends nothing for the
 * timeout (no headers, or no next piece of the body) is aborted and reported, so a hung proxy
 * can never hold a CI job until its own limit kills it without a word.
 */

/** Sixty seconds of silence: far beyond any healthy API answer, well inside any CI job. */
export const DEFAULT_TIMEOUT_MS = 60_000;

/** One request's watch: its signal, and the way to say the server is still talking. */
export interface Watchdog {
  /** Aborts when the caller's signal aborts, or after the timeout of silence. */
  signal: AbortSignal;
  /** Whether this watch (not the caller) aborted the request. */
  timedOut(): boolean;
  /** Something arrived: the silence starts again. */
  touch(): void;
  /** The request is over: no timer is left behind. */
  done(): void;
}

/**
 * Starts a watch on one request.
 *
 * @example
 * const watch = watchdog(signal, 60_000);
 * try { await fetch(url, { signal: watch.signal }); } finally { watch.done(); }
 */
export function watchdog(parent: AbortSignal, timeoutMs: number): Watchdog {
  const controller = new AbortController();
  let expired = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onParentAbort = () => controller.abort(parent.reason);
  const arm = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      expired = true;
      controller.abort(new Error(`no answer for ${secondsText(timeoutMs)}`));
    }, timeoutMs);
  };
  if (parent.aborted) controller.abort(parent.reason);
  else parent.addEventListener('abort', onParentAbort, { once: true });
  arm();
  return {
    signal: controller.signal,
    timedOut: () => expired,
    touch: () => {
      if (!controller.signal.aborted) arm();
    },
    done: () => {
      if (timer !== undefined) clearTimeout(timer);
      parent.removeEventListener('abort', onParentAbort);
    },
  };
}

/**
 * A response body as text, read piece by piece so each piece restarts the watch: a slow but
 * steady body is fine, a body that stops is aborted.
 */
export async function bodyText(response: Response, watch: Watchdog): Promise<string> {
  if (response.body === null) return '';
  const decoder = new TextDecoder();
  let text = '';
  for await (const piece of response.body as unknown as AsyncIterable<Uint8Array>) {
    watch.touch();
    text += decoder.decode(piece, { stream: true });
  }
  return text + decoder.decode();
}

/** `60 s`, `0.5 s`. */
export function secondsText(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}
