/**
 * Whether a failed query broke a unique index (SQLSTATE 23505), on either driver. Drizzle wraps
 * driver errors, so the code may sit on the error's cause.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
