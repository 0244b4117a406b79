/**
 * Whether a failed query ended with this SQLSTATE, on either driver. Drizzle wraps driver
 * errors, so the code may sit on the error's cause.
 */
export function hasSqlState(error: unknown, code: string): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    if ((e as { code?: unknown }).code === code) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** A unique index was broken (23505). */
export const isUniqueViolation = (error: unknown): boolean => hasSqlState(error, '23505');

/** PostgreSQL broke a deadlock by failing this transaction (40P01): running it again is safe. */
export const isDeadlock = (error: unknown): boolean => hasSqlState(error, '40P01');

/**
 * Runs a whole transaction again when PostgreSQL chose it to break a deadlock (rollout stages
 * lock many device rows while device messages lock some of them in their own order).
 */
export async function retryOnDeadlock<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isDeadlock(error)) throw error;
    }
  }
}
