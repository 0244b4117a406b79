import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TachoKind } from '@shared/tacho/tacho';
import { selectRows, type Db, type DbOrTx } from '@server/db/client';
import { writeOperatorLog } from '@server/operator-log/write';
import {
  summaryEntry,
  zero,
  type TachoSchedulerCustomer,
  type TachoSkipReason,
} from './scheduler-log';
import { dueRows } from './due-rows';
import { tachoCommandOf } from './requests';
import { MODEM_COMMAND_TYPE } from '@shared/devices/constants';

/** Downloads requested per run at most; the rest (least overdue last) waits for the next run. */
export const TACHO_SCHEDULER_BATCH = 500;

type Outcome = TachoSkipReason | 'request';

export interface TachoSchedulerSummary {
  requested: number;
  customers: TachoSchedulerCustomer[];
}

export interface TachoSchedulerRunOptions {
  now?: Date;
  batch?: number;
}

interface Candidate {
  device_id: number;
  kind: TachoKind;
  card_number: string | null;
  customer_id: number;
}

/**
 * One run of the download scheduler (issue 12 item 4): requests a download for every due vehicle
 * and driver whose customer has a valid company card on an authentication server that is up,
 * at most `batch` per run, fewest days left first, in set-based statements (one read, one insert of
 * the modem requests and their tacho_requests rows, one log insert). Everything it did or did
 * not do goes to the operator log, one entry per customer.
 */
export async function runTachoScheduler(
  db: Db,
  options: TachoSchedulerRunOptions = {},
): Promise<TachoSchedulerSummary> {
  const now = options.now ?? new Date();
  const batch = options.batch ?? TACHO_SCHEDULER_BATCH;
  return db.transaction(async (tx) => {
    const due = dueRows(now);
    const candidates = await selectRows<Candidate>(
      tx,
      sql`select device_id, kind, card_number, customer_id from (${due}) x
        where outcome = 'request' order by due_at, device_id, kind limit ${batch}::int`,
    );
    const counts = await selectRows<{
      customer_id: number;
      days: number;
      kind: TachoKind;
      outcome: Outcome;
      n: number;
    }>(
      tx,
      sql`select customer_id, days, kind, outcome, count(*)::int as n from (${due}) x
        group by customer_id, days, kind, outcome order by customer_id, kind, outcome`,
    );

    const chosen = uniqueRequests(candidates);
    await insertRequests(tx, chosen, now);

    const customers = new Map<number, TachoSchedulerCustomer>();
    const customerOf = (id: number, days: number) => {
      let entry = customers.get(id);
      if (!entry) {
        entry = { customerId: id, days, requested: zero(), deferred: zero(), skipped: {} };
        customers.set(id, entry);
      }
      return entry;
    };
    for (const c of chosen) customerOf(c.customer_id, 0).requested[c.kind] += 1;
    for (const row of counts) {
      const entry = customerOf(row.customer_id, row.days);
      entry.days = row.days;
      if (row.outcome === 'request') {
        entry.deferred[row.kind] = Math.max(0, row.n - entry.requested[row.kind]);
      } else {
        (entry.skipped[row.outcome] ??= zero())[row.kind] = row.n;
      }
    }
    const summary = [...customers.values()];
    await writeOperatorLog(tx, summary.map(summaryEntry));
    return { requested: chosen.length, customers: summary };
  });
}

/** One request per device and data (two driver names may share a card). */
function uniqueRequests(candidates: readonly Candidate[]): Candidate[] {
  const seen = new Set<string>();
  return candidates.filter((c) => {
    const key = `${c.device_id}:${c.kind}:${c.card_number ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The modem requests (the commands requestTachoDownload sends) and their tacho_requests rows in
 * one statement; (device, command) is unique among them, so it pairs each row with its request.
 */
async function insertRequests(tx: DbOrTx, chosen: readonly Candidate[], now: Date) {
  if (chosen.length === 0) return;
  const rows = chosen.map((c) => ({
    device_id: c.device_id,
    kind: c.kind,
    card_number: c.card_number,
    command: tachoCommandOf(c.kind, c.card_number ?? undefined),
  }));
  const at = sql`${now.toISOString()}::timestamptz`;
  await tx.execute(sql`
    with c as (
      select * from json_to_recordset(${JSON.stringify(rows)}::json)
        as v(device_id int, kind smallint, card_number text, command text)
    ),
    m as (
      insert into modem_requests (device_id, command, command_type, created)
      select device_id, command, ${MODEM_COMMAND_TYPE}::int, ${at} from c
      returning id, device_id, command
    )
    insert into tacho_requests (device_id, kind, card_number, modem_request_id, requested_by, created)
    select c.device_id, c.kind, c.card_number, m.id, 'scheduler', ${at}
    from c join m on m.device_id = c.device_id and m.command = c.command`);
}

export interface TachoScheduler {
  stop(): Promise<void>;
}

/**
 * Runs the scheduler every `intervalMs`, the first time one interval after the start (a restart
 * does not ask twice: the repeat rule reads the requests already made). Runs never overlap.
 */
export function startTachoScheduler(
  db: Db,
  log: FastifyBaseLogger,
  options: { intervalMs: number },
): TachoScheduler {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = step();
    }, options.intervalMs);
    timer.unref();
  };

  async function step(): Promise<void> {
    try {
      const summary = await runTachoScheduler(db);
      if (summary.requested > 0)
        log.info({ requested: summary.requested }, 'tacho downloads requested');
    } catch (error) {
      if (!stopped) log.warn({ err: error }, 'tacho download scheduler failed');
    }
    schedule();
  }

  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
