import { and, eq, sql } from 'drizzle-orm';
import { STAGE_NAMES } from '@shared/libraries/rollout-views';
import { selectRows, type DbOrTx } from '@server/db/client';
import { rollouts } from '@server/db/schema';
import { writeOperatorLog } from '@server/operator-log/write';
import { releaseStage, withdraw } from './stages';

export type RolloutRow = typeof rollouts.$inferSelect;

/** The rollout row, locked for the transaction's change. */
export async function lockRollout(tx: DbOrTx, id: number): Promise<RolloutRow | undefined> {
  const [row] = await tx.select().from(rollouts).where(eq(rollouts.id, id)).for('update');
  return row;
}

interface StageCounts {
  total: number;
  failed: number;
  done: number;
}

async function stageCounts(tx: DbOrTx, id: number, stage: number): Promise<StageCounts> {
  const [row] = await selectRows<{
    total: string | number;
    failed: string | number;
    done: string | number;
  }>(
    tx,
    sql`select count(*) as total,
        count(*) filter (where state = 'failed') as failed,
        count(*) filter (where state in ('applied', 'failed', 'cancelled')) as done
      from rollout_devices where rollout_id = ${id} and stage = ${stage}`,
  );
  return {
    total: Number(row?.total ?? 0),
    failed: Number(row?.failed ?? 0),
    done: Number(row?.done ?? 0),
  };
}

const stageName = (stage: number) => (STAGE_NAMES[stage] ?? 'stage').toLowerCase();

const logLine = (rollout: RolloutRow, what: string) =>
  `Rollout ${String(rollout.id)} (${rollout.description}) ${what}`;

/** Pauses a running rollout: settings not yet handed to a device are taken back. */
export async function pauseRollout(
  tx: DbOrTx,
  rollout: RolloutRow,
  reason: string,
  automatic: boolean,
) {
  await tx
    .update(rollouts)
    .set({ state: 'paused', pauseReason: reason })
    .where(eq(rollouts.id, rollout.id));
  await withdraw(tx, rollout.id, 'waiting', null);
  await writeOperatorLog(tx, {
    level: automatic ? 'Warning' : 'Information',
    message: logLine(rollout, `paused: ${reason}`),
    customerId: rollout.customerId,
  });
}

/**
 * Looks at a running rollout's current stage and moves it on: releases its devices still
 * waiting (a new rollout's canary; what a restart interrupted); pauses it when more than the
 * threshold of the stage failed (failures an admin resumed past not counted) or the stage ran
 * past its time; starts the rest once every canary device is done; completes it after the last
 * stage. Call inside a transaction; `now` for tests.
 */
export async function advanceRollout(tx: DbOrTx, id: number, now = new Date()): Promise<void> {
  const rollout = await lockRollout(tx, id);
  if (rollout?.state !== 'running') return;
  // A running stage has no waiting devices but right after its start.
  await releaseStage(tx, rollout, rollout.stage);
  const { total, failed, done } = await stageCounts(tx, id, rollout.stage);
  const name = stageName(rollout.stage);
  const counted = failed - rollout.acceptedFailures;
  if (total > 0 && counted * 100 > rollout.failureThresholdPercent * total) {
    const reason =
      `${String(failed)} of ${String(total)} devices of the ${name} failed ` +
      `(more than ${String(rollout.failureThresholdPercent)}%)`;
    await pauseRollout(tx, rollout, reason, true);
    return;
  }
  if (done === total) {
    if (rollout.stage === 0) {
      const rest = await stageCounts(tx, id, 1);
      if (rest.total > 0) {
        await tx
          .update(rollouts)
          .set({
            stage: 1,
            acceptedFailures: 0,
            canaryFinishedAt: now,
            restStartedAt: now,
            stageStartedAt: now,
          })
          .where(eq(rollouts.id, id));
        await releaseStage(tx, rollout, 1);
        return;
      }
    }
    await tx
      .update(rollouts)
      .set({
        state: 'completed',
        finishedAt: now,
        ...(rollout.stage === 0 ? { canaryFinishedAt: now } : {}),
      })
      .where(and(eq(rollouts.id, id), eq(rollouts.state, 'running')));
    await writeOperatorLog(tx, {
      level: 'Information',
      message: logLine(rollout, 'completed'),
      customerId: rollout.customerId,
    });
    return;
  }
  const deadline = rollout.stageStartedAt.getTime() + rollout.stageTimeoutMinutes * 60_000;
  if (now.getTime() > deadline) {
    const minutes = rollout.stageTimeoutMinutes;
    const reason = `The ${name} did not finish within ${String(minutes)} minute${minutes === 1 ? '' : 's'}`;
    await pauseRollout(tx, rollout, reason, true);
  }
}

/**
 * Resumes a paused rollout: the stage's timer starts again, its failures so far no longer count
 * against the threshold, and its waiting devices get their settings (advanceRollout).
 */
export async function resumeRollout(tx: DbOrTx, rollout: RolloutRow, now = new Date()) {
  const { failed } = await stageCounts(tx, rollout.id, rollout.stage);
  await tx
    .update(rollouts)
    .set({ state: 'running', pauseReason: null, stageStartedAt: now, acceptedFailures: failed })
    .where(eq(rollouts.id, rollout.id));
  await advanceRollout(tx, rollout.id, now);
}

/** Cancels a running or paused rollout: devices that have not been handed the update keep out. */
export async function cancelRollout(tx: DbOrTx, rollout: RolloutRow, now = new Date()) {
  await tx
    .update(rollouts)
    .set({ state: 'cancelled', finishedAt: now })
    .where(eq(rollouts.id, rollout.id));
  await withdraw(tx, rollout.id, 'cancelled', 'The rollout was cancelled');
}

export { logLine };
