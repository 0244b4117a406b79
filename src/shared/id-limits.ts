/** The id ranges of the columns, apart from ids.ts's schemas so route files can parse an id cheaply. */

/** PostgreSQL `serial` (int4) ids: 1 … 2³¹−1. */
export const MAX_SERIAL_ID = 2_147_483_647;
/** `bigserial` ids as JavaScript numbers carry them exactly: 1 … 2⁵³−1. */
export const MAX_BIGSERIAL_ID = Number.MAX_SAFE_INTEGER;

/** The canonical text form of a uuid (8-4-4-4-12 hex digits), any case. */
export const UUID_PATTERN = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;
