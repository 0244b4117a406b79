export interface BackoffOptions {
  /** The wait after the first failure (ms). */
  baseMs?: number;
  /** The longest wait (ms). */
  maxMs?: number;
}

/**
 * Exponential backoff with jitter: base × 2^(attempts − 1), capped, then a random half to all of
 * it, so forwards failing together do not retry together.
 */
export function retryDelay(
  attempts: number,
  { baseMs = 1_000, maxMs = 30_000 }: BackoffOptions = {},
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
