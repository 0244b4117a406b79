import { eq, sql } from 'drizzle-orm';
import { SKIPPED_GROUPS, type RolloutOptions } from '@shared/libraries/rollouts';
import type { Caller } from '@server/auth/tokens';
import { selectRows, type DbOrTx } from '@server/db/client';
import { rollouts } from '@server/db/schema';
import { byCaller, writeOperatorLog } from '@server/operator-log/write';
import { scopeRows, type RolloutScope } from './scope';
import { logLine } from './transitions';

/** Starts never overlap, so "in another running rollout" is exact (a transaction-level lock). */
const START_LOCK = 4_201_301;

/** No device would change: the start keeps nothing (thrown to roll its transaction back). */
export class NothingToUpdate extends Error {
  constructor() {
    super('No device would change');
  }
}

interface Started {
  id: number;
  devices: number;
  canary: number;
}

/**
 * Creates the rollout and its devices as the preview sorted them — the devices that change (and
 * the offline ones when included), the canary chosen at random among those heard from lately.
 * Every device starts waiting: the engine releases the canary right after (advanceRollout), so
 * the admin's answer does not wait for thousands of devices' settings (docs/decisions/044).
 * Run it in a transaction: it throws NothingToUpdate when no device would change, so nothing is
 * kept.
 */
export async function startRollout(
  tx: DbOrTx,
  caller: Caller,
  scope: RolloutScope,
  options: RolloutOptions,
): Promise<Started> {
  await tx.execute(sql`select pg_advisory_xact_lock(${START_LOCK})`);
  // The canary's random order (a hash of id and rollout) sorts every device: in memory.
  await tx.execute(sql`set local work_mem = '64MB'`);
  const [created] = await tx
    .insert(rollouts)
    .values({
      kind: scope.kind,
      settingName: scope.setting,
      target: scope.target,
      fromValue: scope.from,
      customerId: scope.customerId,
      firmwareId: scope.firmwareId,
      description: scope.description,
      canaryPercent: options.CanaryPercent,
      failureThresholdPercent: options.FailureThresholdPercent,
      stageTimeoutMinutes: options.StageTimeoutMinutes,
      includeOffline: options.IncludeOffline,
      createdBy: caller.userId,
      canaryStartedAt: sql`now()`,
    })
    .returning();
  if (!created) throw new Error('rollout not created');

  const [row] = await selectRows<{
    groups: Record<string, number | string>;
    total: number | string;
    canary: number | string;
  }>(
    tx,
    sql`with scope as (${scopeRows(scope)}), chosen as (
        select s.id, count(*) over () as n,
          row_number() over (order by s.grp = 'offline', hashint4(s.id # ${created.id})) as rn
        from scope s
        where s.grp = 'change' or (${options.IncludeOffline}::boolean and s.grp = 'offline')
      ), inserted as (
        insert into rollout_devices (rollout_id, device_id, stage, state)
        select ${created.id}, c.id,
          case when c.rn <= greatest(1, ceil(c.n * ${options.CanaryPercent} / 100.0)) then 0 else 1 end,
          'waiting'
        from chosen c
        -- In device order, the keys' index pages fill one after another.
        order by c.id
        returning stage
      )
      select
        (select coalesce(json_object_agg(g.grp, g.n), '{}'::json)
          from (select grp, count(*) as n from scope group by grp) g) as groups,
        (select count(*) from inserted) as total,
        (select count(*) from inserted where stage = 0) as canary`,
  );
  const devices = Number(row?.total ?? 0);
  if (devices === 0) throw new NothingToUpdate();
  // Statistics that know this rollout's rows (ANALYZE counts the transaction's own): with none,
  // the planner guesses one row per rollout and joins the stage's devices by nested loops —
  // minutes instead of a second at 100,000 devices (bench rollouts).
  await tx.execute(sql`analyze rollout_devices`);
  const groups = row?.groups ?? {};
  const skipped = Object.fromEntries(
    [...SKIPPED_GROUPS, ...(options.IncludeOffline ? [] : (['offline'] as const))].map((g) => [
      g,
      Number(groups[g] ?? 0),
    ]),
  );
  await tx.update(rollouts).set({ skipped }).where(eq(rollouts.id, created.id));
  const canary = Number(row?.canary ?? 0);
  await writeOperatorLog(tx, {
    level: 'Information',
    message: logLine(
      created,
      `started ${byCaller(caller)} for ${String(devices)} devices, canary ${String(canary)}`,
    ),
    customerId: scope.customerId,
  });
  return { id: created.id, devices, canary };
}
