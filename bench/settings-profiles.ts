/**
 * Settings profiles at fleet scale: a profile used by 20,000 devices is updated through the real
 * API, and every device whose wanted value differs gets its pending setting in the same call
 * (goal: <= 2 s). The fleet is the devices benchmarks' (bench/dataset.ts, 100,000 devices);
 * 20,000 of them move into one customer and have the profile's settings applied, as a fleet in
 * steady state would.
 *
 * Timed: the preview of a change and UPDATE_RUNS updates each changing one value of page 1 and one message
 * configuration (so 20,000 devices get 2 pending settings each); each run's settings are then
 * applied again so the next run starts from a settled fleet.
 *
 *   npm run bench -- --only profiles     (BENCH_DATABASE_URL adds PostgreSQL)
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { apiPaths } from '../src/shared/api/api-paths';
import { UUID_PATTERN } from '../src/shared/api/ids';
import {
  defaultMessage,
  formToBody,
  pickProfileSettings,
  profileDeviceSettings,
  NEW_SETTINGS_PROFILE,
  type SettingsProfile,
  type SettingsProfileForm,
  type SettingsProfilePreview,
} from '../src/shared/settings-profiles/settings-profiles';
import { selectRows, settleAfterBulkLoad, type Db } from '../src/server/db/client';
import { freshDatabase, loadProductionScale, type DatabaseKind } from './dataset';
import { atMost, printBlock, type Metric, type Outcome } from './report';
import { startRolloutServer, type RolloutServer } from './rollouts-api';
import { median, round } from './stats';

const PROFILE_DEVICES = 20_000;
const UPDATE_RUNS = 3;
const GOAL_MS = 2000;
const LABEL: Record<DatabaseKind, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };

/** The profile's devices: the first PROFILE_DEVICES by id, in a customer of their own. */
async function profileFleet(db: Db): Promise<number> {
  const [customer] = await selectRows<{ id: number }>(
    db,
    sql`insert into customers (name) values ('Profile Bench Fleet') returning id`,
  );
  if (!customer) throw new Error('no customer');
  await db.execute(sql`update devices set customer_id = ${customer.id}
    where id in (select id from devices order by id limit ${PROFILE_DEVICES})`);
  return customer.id;
}

/** The profile's devices applied what they were sent: nothing pending, all in sync. */
const applyAll = (customerId: number): string[] => [
  `update device_settings s set processed = true, processed_date = now()
    from devices d where d.id = s.device_id and d.customer_id = ${String(customerId)}
      and not s.processed`,
  `update devices set current_config = current_config || config_overlay, config_overlay = '{}',
      in_sync = true
    where customer_id = ${String(customerId)} and not in_sync`,
];

const form = (customerId: number, timed: number, standbyUrl: string): SettingsProfileForm => ({
  ...NEW_SETTINGS_PROFILE,
  timedMessageInterval: timed,
  message0: defaultMessage(0, 'https://bench.example:5000/api/v1/devices'),
  message1: defaultMessage(1, standbyUrl),
  message2: defaultMessage(2, ''),
  Name: 'Bench profile',
  CustomerId: customerId,
});

interface UpdateRun {
  ms: number;
  pending: number;
}

export async function benchSettingsProfiles(
  kind: DatabaseKind,
  adminUrl?: string,
): Promise<Outcome> {
  const label = LABEL[kind];
  console.log(`[profiles/${label}] loading 100,000 devices…`);
  const fresh = await freshDatabase(kind, adminUrl);
  let server: RolloutServer | undefined;
  try {
    const load = await loadProductionScale(fresh.database, { messages: 0 });
    const customerId = await profileFleet(fresh.database.db);
    await settleAfterBulkLoad(fresh.database.db);
    // PGlite admits one process at a time: the loader lets go before the API opens it.
    await fresh.release();
    server = await startRolloutServer(fresh.options, randomBytes(32).toString('base64url'), false);
    const api = server;
    const created = await api.ok<SettingsProfile>(
      'POST',
      apiPaths.settingsProfiles,
      formToBody(form(customerId, 120, '')),
    );
    const id = created.body.Id;

    // The fleet has the profile and its settings applied, as a settled fleet would.
    if (!UUID_PATTERN.test(id)) throw new Error(`not a profile id: ${id}`);
    const applied = JSON.stringify({
      ...profileDeviceSettings(pickProfileSettings(created.body), [
        created.body.message0,
        created.body.message1,
        created.body.message2,
      ]),
      settingsProfileID: id,
    });
    await api.exec(`update devices set config_overlay = '{}',
        current_config = current_config || '${applied}'::jsonb, in_sync = true
      where customer_id = ${String(customerId)}`);
    const unchanged = await api.ok<SettingsProfilePreview>(
      'POST',
      apiPaths.settingsProfilePreview(id),
      formToBody(form(customerId, 120, '')),
    );
    if (unchanged.body.using !== PROFILE_DEVICES || unchanged.body.devices !== 0)
      throw new Error(`the fleet is not settled: ${JSON.stringify(unchanged.body)}`);

    const runs: UpdateRun[] = [];
    const previews: number[] = [];
    for (let i = 1; i <= UPDATE_RUNS; i++) {
      const body = formToBody(form(customerId, 120 + i, `https://run${String(i)}.example:5000`));
      const preview = await api.ok<SettingsProfilePreview>(
        'POST',
        apiPaths.settingsProfilePreview(id),
        body,
      );
      previews.push(preview.ms);
      const updated = await api.ok<SettingsProfile>('POST', apiPaths.settingsProfile(id), body);
      runs.push({ ms: updated.ms, pending: preview.body.devices });
      await api.exec(...applyAll(customerId));
    }
    const name = `${label} settings profile`;
    const metrics: Metric[] = [
      { name: `${name} preview median`, value: round(median(previews)), unit: 'ms' },
      ...runs.map((r, i): Metric => ({
        name: `${name} update run ${String(i + 1)}`,
        value: round(r.ms),
        unit: 'ms',
        goal: atMost(GOAL_MS),
      })),
    ];
    printBlock(`settings profiles on ${label}: a profile used by 20,000 devices`, [
      `${String(load.devices)} devices loaded in ${String(load.totalSeconds)} s`,
      `preview: ${previews.map((ms) => String(round(ms))).join(', ')} ms`,
      ...runs.map(
        (r, i) =>
          `update run ${String(i + 1)}: ${String(round(r.ms))} ms, ${String(r.pending)} devices ` +
          `with 2 pending settings each (goal <= ${String(GOAL_MS)} ms)`,
      ),
    ]);
    return { metrics, details: { database: kind, load, previews, runs } };
  } finally {
    await server?.stop();
    await fresh.dispose();
  }
}
