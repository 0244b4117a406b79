import { desc, eq, getTableColumns, lt, sql, type SQL } from 'drizzle-orm';
import {
  DEVICE_STATES,
  ROLLOUT_DEVICE_PAGE,
  ROLLOUT_PAGE,
  STAGE_NAMES,
  type Rollout,
  type RolloutDevice,
  type RolloutDevicesQuery,
  type RolloutDeviceState,
  type RolloutStage,
} from '@shared/libraries/rollout-views';
import { selectRows, type DbOrTx } from '@server/db/client';
import { customers, rollouts, users } from '@server/db/schema';
import type { RolloutRow } from './transitions';

interface CountRow {
  rollout_id: number;
  stage: number;
  state: RolloutDeviceState;
  n: number | string;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

const emptyCounts = () =>
  Object.fromEntries(DEVICE_STATES.map((s) => [s, 0])) as Record<RolloutDeviceState, number>;

/** Device counts per stage and state of the rollouts (index-only on the counts index). */
async function countsOf(db: DbOrTx, ids: readonly number[]) {
  const rows = await selectRows<CountRow>(
    db,
    sql`select rollout_id, stage, state, count(*) as n from rollout_devices
      where rollout_id = any(${`{${ids.join(',')}}`}::int[]) group by rollout_id, stage, state`,
  );
  const counts = new Map<number, Record<RolloutDeviceState, number>[]>();
  for (const row of rows) {
    let stages = counts.get(row.rollout_id);
    if (!stages) counts.set(row.rollout_id, (stages = STAGE_NAMES.map(emptyCounts)));
    const stage = stages[row.stage];
    if (stage) stage[row.state] = Number(row.n);
  }
  return counts;
}

type Listed = RolloutRow & { customer: string | null; creator: string | null };

function toRollout(row: Listed, counts: Record<RolloutDeviceState, number>[] | undefined): Rollout {
  const times = [
    [row.canaryStartedAt, row.canaryFinishedAt],
    [row.restStartedAt, row.stage === 1 ? row.finishedAt : null],
  ] as const;
  const stages: RolloutStage[] = STAGE_NAMES.map((name, index) => {
    const c = counts?.[index] ?? emptyCounts();
    return {
      Index: index,
      Name: name,
      Devices: Object.values(c).reduce((a, b) => a + b, 0),
      Counts: c,
      StartedAt: iso(times[index]?.[0] ?? null),
      FinishedAt: iso(times[index]?.[1] ?? null),
    };
  });
  const skipped = row.skipped;
  return {
    Id: row.id,
    Kind: row.kind as Rollout['Kind'],
    Setting: row.settingName,
    Target: row.target,
    From: row.fromValue,
    CustomerId: row.customerId,
    Customer: row.customer,
    Description: row.description,
    State: row.state as Rollout['State'],
    PauseReason: row.pauseReason,
    CanaryPercent: row.canaryPercent,
    FailureThresholdPercent: row.failureThresholdPercent,
    StageTimeoutMinutes: row.stageTimeoutMinutes,
    IncludeOffline: row.includeOffline,
    Stage: row.stage,
    Stages: stages,
    Skipped: {
      onTarget: skipped.onTarget ?? 0,
      incompatible: skipped.incompatible ?? 0,
      oldCan: skipped.oldCan ?? 0,
      busy: skipped.busy ?? 0,
      offline: skipped.offline ?? 0,
    },
    CreatedAt: row.createdAt.toISOString(),
    CreatedBy: row.creator,
    FinishedAt: iso(row.finishedAt),
  };
}

/** The rollouts matching `where`, newest first, with their stages' counts. */
export async function listRollouts(
  db: DbOrTx,
  where: SQL | undefined,
  limit = ROLLOUT_PAGE,
): Promise<Rollout[]> {
  const listed = await db
    .select({ ...getTableColumns(rollouts), customer: customers.name, creator: users.email })
    .from(rollouts)
    .leftJoin(customers, eq(customers.id, rollouts.customerId))
    .leftJoin(users, eq(users.id, rollouts.createdBy))
    .where(where)
    .orderBy(desc(rollouts.id))
    .limit(limit);
  const counts = listed.length
    ? await countsOf(
        db,
        listed.map((r) => r.id),
      )
    : new Map<number, Record<RolloutDeviceState, number>[]>();
  return listed.map((r) => toRollout(r, counts.get(r.id)));
}

export const rolloutsPage = (db: DbOrTx, after: number | undefined) =>
  listRollouts(db, after === undefined ? undefined : lt(rollouts.id, after));

export async function findRollout(db: DbOrTx, id: number): Promise<Rollout | undefined> {
  const [found] = await listRollouts(db, eq(rollouts.id, id), 1);
  return found;
}

/** A page of the rollout's devices by DeviceId, optionally in one state. */
export async function rolloutDevicesPage(
  db: DbOrTx,
  id: number,
  query: RolloutDevicesQuery,
): Promise<RolloutDevice[]> {
  return selectRows<RolloutDevice>(
    db,
    sql`select rd.device_id as "DeviceId", d.imei as "Imei", d.device_name as "Name",
        c.name as "Customer", rd.stage as "Stage", rd.state as "State", rd.reason as "Reason",
        to_char(rd.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "UpdatedAt"
      from rollout_devices rd
      join devices d on d.id = rd.device_id
      left join customers c on c.id = d.customer_id
      where rd.rollout_id = ${id}
        ${query.state ? sql`and rd.state = ${query.state}` : sql``}
        ${query.after === undefined ? sql`` : sql`and rd.device_id > ${query.after}`}
      order by rd.device_id limit ${ROLLOUT_DEVICE_PAGE}`,
  );
}
