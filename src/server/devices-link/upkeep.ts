import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/client';
import { prepareCredentialStatement } from './credentials';
import { prepareBatchStatement } from './statement';

export interface Upkeep {
  /** Whether batches run the prepared statements (credentials, then the batch). */
  readonly prepared: boolean;
  /** Runs before each batch, outside any transaction (the queue writes one batch at a time). */
  beforeBatch(): Promise<void>;
  /** Counts the messages a committed batch stored. */
  stored(count: number): void;
  readonly vacuums: number;
}

/**
 * What PGlite needs and PostgreSQL does by itself. PGlite plans in WebAssembly on the ingest
 * thread, so the credential and batch statements are prepared once. And PGlite has no
 * autovacuum: every message rewrites its device row, so without an occasional VACUUM the devices
 * table and its indexes fill with dead row versions and every batch gets slower (ANALYZE too:
 * nothing else does it).
 */
export function createUpkeep(
  database: Database,
  log: FastifyBaseLogger,
  vacuumEvery: number,
): Upkeep {
  const pglite = database.kind === 'pglite';
  let ready: Promise<void> | undefined;
  let sinceVacuum = 0;
  let vacuums = 0;
  return {
    prepared: pglite,
    get vacuums() {
      return vacuums;
    },
    stored(count) {
      sinceVacuum += count;
    },
    async beforeBatch() {
      if (!pglite) return;
      // Retried on the next batch should it fail.
      await (ready ??= prepareBatchStatement(database.db)
        .then(() => prepareCredentialStatement(database.db))
        .catch((error: unknown) => {
          ready = undefined;
          throw error;
        }));
      if (sinceVacuum < vacuumEvery) return;
      sinceVacuum = 0;
      try {
        await database.db.execute(sql`vacuum (analyze) devices`);
        vacuums++;
      } catch (error) {
        log.warn({ err: error }, 'vacuum of devices failed');
      }
    },
  };
}
