/** The header that makes a replayed write happen once (docs/decisions/017). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
