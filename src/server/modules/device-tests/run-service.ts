import { eq } from 'drizzle-orm';
import type { DeviceTestRun, RunEndReason, VerdictBody } from '@shared/devices/test-runs';
import type { CustomerScope } from '@server/auth/tenancy';
import type { Caller } from '@server/auth/tokens';
import type { Db, DbOrTx } from '@server/db/client';
import { deviceTestResults } from '@server/db/schema';
import { badRequest, notFound } from '@server/errors/http-errors';
import { requireDeviceByImei } from '@server/modules/devices';
import type { DeviceTestEngine } from './engine';
import { needsVerdict, toRunItem, type EvaluatedItem } from './evaluation';
import { replayRun } from './replay';
import { emailOf } from './runs';
import { findRunByKey, insertVerdict, planOf, type RunRow } from './runs-repository';

export const RUN_NOT_FOUND = 'Installation test run not found';
export const RUN_ENDED = 'This test has ended: its verdicts can no longer change';
export const NOT_IN_TEST = 'This item is not part of the test, or takes no verdict';

/** A verdict's time is the installer's clock, but never later than its arrival. */
const madeAtOf = (text: string, now = new Date()): Date => {
  const made = new Date(text);
  return made.getTime() > now.getTime() ? now : made;
};

/** Runs of the installation test as the API shows them, and the verdicts the outbox sends. */
export function createRunService(db: Db, engine: DeviceTestEngine) {
  /** The run of `key` when its device is in the caller's scope (404 otherwise, as for any object). */
  const requireRun = async (tx: DbOrTx, scope: CustomerScope, key: string): Promise<RunRow> => {
    const run = await findRunByKey(tx, key);
    if (!run) throw notFound(RUN_NOT_FOUND);
    await requireDeviceByImei(tx, scope, run.imei).catch(() => {
      throw notFound(RUN_NOT_FOUND);
    });
    return run;
  };

  return {
    requireRun,

    async get(scope: CustomerScope, key: string): Promise<DeviceTestRun> {
      const run = await requireRun(db, scope, key);
      const [result] = run.resultId
        ? await db.select().from(deviceTestResults).where(eq(deviceTestResults.id, run.resultId))
        : [];
      const held = engine.sessionOf(run.imei);
      const items: EvaluatedItem[] = result
        ? (result.items as EvaluatedItem[])
        : (held?.run.id === run.id ? held : await replayRun(db, run)).items;
      return {
        Key: run.key,
        IMEI: run.imei,
        StartedAt: run.startedAt.toISOString(),
        EndedAt: run.endedAt?.toISOString() ?? null,
        EndReason: run.endReason as RunEndReason | null,
        Items: items.map(toRunItem),
        TestResult: result?.testResult ?? null,
        ResultId: result?.id ?? null,
      };
    },

    /** Stores a verdict in the caller's transaction (the Idempotency-Key's); `engine.refresh` merges it. */
    async addVerdict(
      tx: DbOrTx,
      caller: Caller,
      scope: CustomerScope,
      key: string,
      body: VerdictBody,
    ) {
      const run = await requireRun(tx, scope, key);
      if (run.endedAt) throw badRequest({ Run: RUN_ENDED });
      if (!needsVerdict(body.Item) || !planOf(run).includes(body.Item))
        throw badRequest({ Item: NOT_IN_TEST });
      const verdict = {
        key: body.Item,
        value: body.Value,
        state: body.State,
        madeAt: madeAtOf(body.MadeAt),
        by: await emailOf(tx, caller.userId),
        note: body.Note || null,
      };
      await insertVerdict(tx, run.id, verdict, caller.userId);
      return { Run: run.key, Item: verdict.key, Value: verdict.value, State: verdict.state };
    },
  };
}
