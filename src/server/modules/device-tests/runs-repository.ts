import { and, asc, desc, eq, gte, isNull, lt } from 'drizzle-orm';
import { TEST_ITEM_KEYS, type TestItemKey } from '@shared/devices/device-tests';
import type { DbOrTx } from '@server/db/client';
import { devices, deviceTestRuns, deviceTestVerdicts, rawMessages } from '@server/db/schema';
import { wantedConfigOfRow } from '@server/db/wanted-config';
import { testPlan } from '@shared/devices/test-items';
import type { Verdict } from './verdicts';

export type RunRow = typeof deviceTestRuns.$inferSelect;
export type RunEnd = 'finished' | 'stopped' | 'restarted' | 'expired';

/** Replaying a run reads at most this many of its newest messages (a run left on for days). */
const REPLAY_LIMIT = 20_000;

const isItemKey = (key: string): key is TestItemKey =>
  (TEST_ITEM_KEYS as readonly string[]).includes(key);
export const planOf = (run: RunRow): TestItemKey[] => run.plan.filter(isItemKey);

/** The device's items as it is configured now (applied settings with the pending ones laid over). */
export async function planForDevice(db: DbOrTx, deviceId: number): Promise<TestItemKey[]> {
  const [row] = await db
    .select({ currentConfig: devices.currentConfig, configOverlay: devices.configOverlay })
    .from(devices)
    .where(eq(devices.id, deviceId));
  return testPlan(row ? wantedConfigOfRow(row) : {});
}

export async function findRunByKey(db: DbOrTx, key: string): Promise<RunRow | undefined> {
  const [row] = await db.select().from(deviceTestRuns).where(eq(deviceTestRuns.key, key));
  return row;
}

export async function findRunningRun(db: DbOrTx, deviceId: number): Promise<RunRow | undefined> {
  const [row] = await db
    .select()
    .from(deviceTestRuns)
    .where(and(eq(deviceTestRuns.deviceId, deviceId), isNull(deviceTestRuns.endedAt)));
  return row;
}

export async function findRunningRunByImei(db: DbOrTx, imei: string): Promise<RunRow | undefined> {
  const [row] = await db
    .select()
    .from(deviceTestRuns)
    .where(and(eq(deviceTestRuns.imei, imei), isNull(deviceTestRuns.endedAt)));
  return row;
}

export const listRunningRuns = (db: DbOrTx): Promise<RunRow[]> =>
  db.select().from(deviceTestRuns).where(isNull(deviceTestRuns.endedAt));

export async function insertRun(
  db: DbOrTx,
  run: typeof deviceTestRuns.$inferInsert,
): Promise<RunRow> {
  const [row] = await db.insert(deviceTestRuns).values(run).returning();
  if (!row) throw new Error('device test run not stored');
  return row;
}

/** Ends a running run; undefined when it had ended already (another call or instance was first). */
export async function endRun(
  db: DbOrTx,
  runId: number,
  reason: RunEnd,
): Promise<RunRow | undefined> {
  const [row] = await db
    .update(deviceTestRuns)
    .set({ endedAt: new Date(), endReason: reason })
    .where(and(eq(deviceTestRuns.id, runId), isNull(deviceTestRuns.endedAt)))
    .returning();
  return row;
}

export async function setRunResult(db: DbOrTx, runId: number, resultId: number): Promise<void> {
  await db.update(deviceTestRuns).set({ resultId }).where(eq(deviceTestRuns.id, runId));
}

export async function touchRun(db: DbOrTx, runId: number): Promise<void> {
  await db.update(deviceTestRuns).set({ activeAt: new Date() }).where(eq(deviceTestRuns.id, runId));
}

/** Running runs whose installer has not been seen since `before`. */
export const idleRuns = (db: DbOrTx, before: Date): Promise<RunRow[]> =>
  db
    .select()
    .from(deviceTestRuns)
    .where(and(isNull(deviceTestRuns.endedAt), lt(deviceTestRuns.activeAt, before)));

export async function insertVerdict(
  db: DbOrTx,
  runId: number,
  verdict: Verdict,
  userId: number | null,
): Promise<void> {
  await db.insert(deviceTestVerdicts).values({
    runId,
    itemKey: verdict.key,
    value: verdict.value,
    state: verdict.state,
    note: verdict.note,
    madeAt: verdict.madeAt,
    userId,
    userEmail: verdict.by,
  });
}

export async function verdictsOfRun(db: DbOrTx, runId: number): Promise<Verdict[]> {
  const rows = await db
    .select()
    .from(deviceTestVerdicts)
    .where(eq(deviceTestVerdicts.runId, runId))
    .orderBy(asc(deviceTestVerdicts.id));
  return rows.flatMap((row) =>
    isItemKey(row.itemKey) && (row.state === 1 || row.state === 3)
      ? [
          {
            key: row.itemKey,
            value: row.value,
            state: row.state,
            madeAt: row.madeAt,
            by: row.userEmail,
            note: row.note,
          },
        ]
      : [],
  );
}

/** The device's messages since the run started, oldest first (the run's evidence). */
export async function messagesOfRun(db: DbOrTx, run: RunRow) {
  const newest = await db
    .select({
      id: rawMessages.id,
      at: rawMessages.timeStampServer,
      validJson: rawMessages.validJson,
      message: rawMessages.message,
    })
    .from(rawMessages)
    .where(and(eq(rawMessages.imei, run.imei), gte(rawMessages.timeStampServer, run.startedAt)))
    .orderBy(desc(rawMessages.id))
    .limit(REPLAY_LIMIT);
  return newest.reverse();
}
