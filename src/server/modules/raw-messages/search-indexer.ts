import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { selectRows, type DbOrTx } from '@server/db/client';
import { rawMessageSearch } from '@server/db/schema';

/**
 * Copies raw messages into `raw_message_search` (trigram-indexed) behind the device link, so a
 * message costs the ingest path no index work (docs/decisions/032). It copies in id order, only
 * rows stored `settleSeconds` ago or earlier (a transaction that took an id and commits late is
 * not skipped), and spends at most `share` of the time while it is behind: an ingest burst makes
 * it lag, it catches up afterwards, and the search scans the part not copied yet.
 */
export interface RawMessageIndexerOptions {
  batch?: number;
  /** Time share while behind (0–1). */
  share?: number;
  settleSeconds?: number;
  /** Pause when caught up. */
  idleMs?: number;
}

/** The highest id of the search table: every raw message up to it is searchable there. */
export async function rawMessageSearchReach(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ id: rawMessageSearch.id })
    .from(rawMessageSearch)
    .orderBy(sql`${rawMessageSearch.id} desc`)
    .limit(1);
  return row?.id ?? 0;
}

/** Copies the next settled raw messages (at most `batch`); answers how many it copied. */
export async function copyRawMessagesForSearch(
  db: DbOrTx,
  batch: number,
  settleSeconds: number,
): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`
    with reach as (select coalesce(max(id), 0) as id from raw_message_search),
    unsettled as (
      select coalesce(min(r.id), 9223372036854775807) as id from raw_messages r, reach
      where r.id > reach.id and r.time_stamp_server > now() - make_interval(secs => ${settleSeconds})
    ),
    copied as (
      insert into raw_message_search (id, message)
      select r.id, r.message from raw_messages r, reach, unsettled
      where r.id > reach.id and r.id < unsettled.id
      order by r.id limit ${batch}
      on conflict do nothing
      returning 1
    )
    select count(*)::int as n from copied`,
  );
  return row?.n ?? 0;
}

/** Copies everything stored so far at once (seeding, benchmarks): no settling, no time share. */
export async function catchUpRawMessageSearch(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    insert into raw_message_search (id, message)
    select id, message from raw_messages
    where id > (select coalesce(max(id), 0) from raw_message_search)
    on conflict do nothing`);
}

export interface RawMessageIndexer {
  stop(): Promise<void>;
}

export function startRawMessageIndexer(
  db: DbOrTx,
  log: FastifyBaseLogger,
  options: RawMessageIndexerOptions = {},
): RawMessageIndexer {
  const { batch = 100, share = 0.05, settleSeconds = 5, idleMs = 1000 } = options;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = step();
    }, ms);
    timer.unref();
  };

  async function step(): Promise<void> {
    const started = performance.now();
    try {
      const copied = await copyRawMessagesForSearch(db, batch, settleSeconds);
      const took = performance.now() - started;
      // Behind: pause so the copying takes `share` of the time; caught up: wait for more.
      schedule(copied < batch ? idleMs : Math.max(10, (took * (1 - share)) / share));
    } catch (error) {
      if (!stopped) log.warn({ err: error }, 'raw message search indexing failed');
      schedule(idleMs * 10);
    }
  }

  schedule(0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
