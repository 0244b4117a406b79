/**
 * A call without an answer after this long counts as a lost connection: a request caught in a
 * dropped network can hang for minutes, leaving its screen (or a queued change) 'sending'.
 */
export const REQUEST_TIMEOUT_MS = 30_000;

/** The caller's signal (if any) plus the timeout; `timedOut()` tells the two apart afterwards. */
export function withTimeout(signal: AbortSignal | undefined) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const forward = () => {
    controller.abort(signal?.reason);
  };
  if (signal?.aborted) forward();
  else signal?.addEventListener('abort', forward, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forward);
    },
  };
}
