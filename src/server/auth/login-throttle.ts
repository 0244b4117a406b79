/**
 * Counts failed sign-ins per account and per address in a sliding window. In memory: one
 * server process owns the API (see docs/decisions/004-login-throttle.md).
 */
export interface LoginThrottle {
  /** Seconds to wait before another attempt is allowed, or 0. */
  retryAfter(email: string, ip: string): number;
  recordFailure(email: string, ip: string): void;
  recordSuccess(email: string): void;
}

interface Window {
  failures: number[];
}

export function createLoginThrottle(
  options = { perAccount: 5, perAddress: 20, windowMs: 15 * 60_000 },
  now: () => number = Date.now,
): LoginThrottle {
  const windows = new Map<string, Window>();
  const keys = (email: string, ip: string) =>
    [
      [`a:${email.toLowerCase()}`, options.perAccount],
      [`i:${ip}`, options.perAddress],
    ] as const;

  const recent = (key: string): number[] => {
    const entry = windows.get(key);
    if (!entry) return [];
    const since = now() - options.windowMs;
    entry.failures = entry.failures.filter((t) => t > since);
    if (entry.failures.length === 0) windows.delete(key);
    return entry.failures;
  };

  return {
    retryAfter(email, ip) {
      let wait = 0;
      for (const [key, limit] of keys(email, ip)) {
        const failures = recent(key);
        if (failures.length >= limit) {
          const oldest = failures[failures.length - limit] ?? now();
          wait = Math.max(wait, Math.ceil((oldest + options.windowMs - now()) / 1000));
        }
      }
      return wait;
    },
    recordFailure(email, ip) {
      for (const [key] of keys(email, ip)) {
        const entry = windows.get(key) ?? { failures: [] };
        entry.failures.push(now());
        windows.set(key, entry);
      }
    },
    recordSuccess(email) {
      windows.delete(`a:${email.toLowerCase()}`);
    },
  };
}
