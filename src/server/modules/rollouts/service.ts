import {
  ROLLOUT_FINISHED,
  ROLLOUT_NOT_FOUND,
  ROLLOUT_NOT_PAUSED,
  ROLLOUT_NOT_RUNNING,
  type Rollout,
  type RolloutDevice,
  type RolloutDevicesQuery,
} from '@shared/libraries/rollout-views';
import {
  ROLLOUT_DEFAULTS,
  type MassUpdateTarget,
  type RolloutPreview,
  type StartRollout,
} from '@shared/libraries/rollouts';
import type { Caller } from '@server/auth/tokens';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '@server/db/client';
import { users } from '@server/db/schema';
import { retryOnDeadlock } from '@server/db/unique-violation';
import { badRequest, notFound } from '@server/errors/http-errors';
import { byCaller, writeOperatorLog } from '@server/operator-log/write';
import type { RolloutEngine } from './engine';
import { previewRollout } from './preview';
import { findRollout, rolloutDevicesPage, rolloutsPage } from './repository';
import { NothingToUpdate, startRollout } from './start';
import { resolveTarget } from './targets';
import {
  cancelRollout,
  lockRollout,
  logLine,
  pauseRollout,
  resumeRollout,
  type RolloutRow,
} from './transitions';

/** Who paused, as the rollout screen names them. */
async function emailOf(tx: DbOrTx, caller: Caller): Promise<string> {
  const [row] = await tx
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, caller.userId));
  return row?.email ?? `user ${String(caller.userId)}`;
}

export const NOTHING_TO_UPDATE = 'No device would change';

/** Mass updates as staged rollouts: preview, start, and an admin's pause, resume and cancel. */
export function createRolloutService(db: Db, engine: RolloutEngine) {
  const require = async (id: number) => {
    const rollout = await findRollout(db, id);
    if (!rollout) throw notFound(ROLLOUT_NOT_FOUND);
    return rollout;
  };

  /** Changes one rollout under its lock, in turn with the engine; answers it afterwards. */
  const change = async (
    id: number,
    work: (tx: DbOrTx, rollout: RolloutRow) => Promise<void>,
  ): Promise<Rollout> => {
    await engine.exclusive(() =>
      retryOnDeadlock(() =>
        db.transaction(async (tx) => {
          const rollout = await lockRollout(tx, id);
          if (!rollout) throw notFound(ROLLOUT_NOT_FOUND);
          await work(tx, rollout);
        }),
      ),
    );
    return require(id);
  };

  /** Starts a rollout; `started` null when no device would change (nothing is kept then). */
  const start = async (caller: Caller, input: StartRollout) => {
    const scope = await resolveTarget(db, input.Target, 'Target.');
    try {
      const started = await engine.exclusive(() =>
        retryOnDeadlock(() => db.transaction((tx) => startRollout(tx, caller, scope, input))),
      );
      return { started, target: scope.target };
    } catch (error) {
      if (error instanceof NothingToUpdate) return { started: null, target: scope.target };
      throw error;
    }
  };

  return {
    async preview(target: MassUpdateTarget): Promise<RolloutPreview> {
      return previewRollout(db, await resolveTarget(db, target));
    },

    /** POST rollouts/: 400 on the target when no device would change. */
    async start(caller: Caller, input: StartRollout): Promise<Rollout> {
      const { started } = await start(caller, input);
      if (!started) throw badRequest({ Target: NOTHING_TO_UPDATE });
      const rollout = await require(started.id);
      // The canary gets its settings in the engine's next turn, after the answer is read.
      void engine.advance(started.id);
      return rollout;
    },

    /** The spec's mass-update calls: a rollout with the defaults; 0 devices when none change. */
    async startWithDefaults(caller: Caller, target: MassUpdateTarget) {
      const { started, target: value } = await start(caller, {
        Target: target,
        ...ROLLOUT_DEFAULTS,
      });
      if (started) void engine.advance(started.id);
      return { devices: started?.devices ?? 0, rolloutId: started?.id ?? null, target: value };
    },

    list: (after: number | undefined) => rolloutsPage(db, after),
    get: require,
    async devices(id: number, query: RolloutDevicesQuery): Promise<RolloutDevice[]> {
      await require(id);
      return rolloutDevicesPage(db, id, query);
    },

    pause: (caller: Caller, id: number) =>
      change(id, async (tx, rollout) => {
        if (rollout.state !== 'running') throw badRequest({ State: ROLLOUT_NOT_RUNNING });
        await pauseRollout(tx, rollout, `Paused by ${await emailOf(tx, caller)}`, false);
      }),

    resume: (caller: Caller, id: number) =>
      change(id, async (tx, rollout) => {
        if (rollout.state !== 'paused') throw badRequest({ State: ROLLOUT_NOT_PAUSED });
        await resumeRollout(tx, rollout);
        await writeOperatorLog(tx, {
          level: 'Information',
          message: logLine(rollout, `resumed ${byCaller(caller)}`),
          customerId: rollout.customerId,
        });
      }),

    cancel: (caller: Caller, id: number) =>
      change(id, async (tx, rollout) => {
        if (rollout.state !== 'running' && rollout.state !== 'paused')
          throw badRequest({ State: ROLLOUT_FINISHED });
        await cancelRollout(tx, rollout);
        await writeOperatorLog(tx, {
          level: 'Information',
          message: logLine(rollout, `cancelled ${byCaller(caller)}`),
          customerId: rollout.customerId,
        });
      }),
  };
}

export type RolloutService = ReturnType<typeof createRolloutService>;
