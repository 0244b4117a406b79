import { sql, type SQL } from 'drizzle-orm';
import type { IdKind } from '@shared/api/ids';
import { selectRows, type Db } from '@server/db/client';
import { ensureTachoFiles } from '@server/test/tacho-files';

/** An object of one kind inside the caller's customers, and one of another customer. */
export interface IdFixture {
  own: string;
  foreign: string;
}

/** Finds (or, where the demo has none, makes) both objects for the caller's customers. */
export type Fixture = (db: Db, customerIds: readonly number[]) => Promise<IdFixture>;

interface OwnedRow {
  id: string;
}

/**
 * An object of the query (`id` as text, `owner` its customer) inside the customers and one of
 * another customer. Objects of no customer are shared by design, never foreign.
 */
async function ownAndForeign(
  db: Db,
  rows: SQL,
  customerIds: readonly number[],
): Promise<Partial<IdFixture>> {
  const ids = inList(customerIds);
  const first = async (where: SQL) =>
    (
      await selectRows<OwnedRow>(db, sql`select id, owner from (${rows}) q where ${where} limit 1`)
    )[0]?.id;
  return {
    own: await first(sql`owner in (${ids})`),
    foreign: await first(sql`owner is not null and owner not in (${ids})`),
  };
}

const required = (kind: string, fixture: Partial<IdFixture>): IdFixture => {
  if (fixture.own === undefined || fixture.foreign === undefined)
    throw new Error(`no own and foreign ${kind} in the demo data`);
  return fixture as IdFixture;
};

/**
 * The caller's device with the most kinds of objects (an open modem request first, then a pending
 * setting, then a forward), so own objects of different kinds fit together in one request.
 */
const anchorDevice = (ids: SQL) => sql`(select d.id from devices d
  where d.customer_id in (${ids})
  order by
    exists (select 1 from modem_requests m where m.device_id = d.id and m.executed is null) desc,
    exists (select 1 from device_settings s where s.device_id = d.id and not s.processed) desc,
    exists (select 1 from device_forwards f where f.device_id = d.id) desc,
    d.id
  limit 1)`;

const inList = (customerIds: readonly number[]) =>
  sql.join(
    customerIds.map((id) => sql`${id}`),
    sql`, `,
  );

const owned =
  (kind: string, rows: (anchor: SQL) => SQL): Fixture =>
  async (db, customerIds) => {
    await ensureDeviceTests(db);
    return required(
      kind,
      await ownAndForeign(db, rows(anchorDevice(inList(customerIds))), customerIds),
    );
  };

/** Objects that belong to a device follow the device's customer; the anchor's come first. */
const ofDevices = (table: string, order?: string) => (anchor: SQL) =>
  sql`select x.id::text as id, d.customer_id as owner
    from ${sql.raw(table)} x join devices d on d.id = x.device_id
    order by d.id = ${anchor} desc nulls last, ${sql.raw(order ?? 'x.id')}`;

/** Devices by id or IMEI, the anchor first. */
const deviceRows = (column: string) => (anchor: SQL) =>
  sql`select ${sql.raw(column)} as id, customer_id as owner from devices
    order by id = ${anchor} desc nulls last, id`;

/**
 * Kinds no tenant owns (`x-id-use` 'shared': roles, features, integration types): every one is
 * the caller's, so there is no foreign one and the matrix never tests their slots.
 */
const shared =
  (kind: string, rows: SQL): Fixture =>
  async (db) => {
    const [row] = await selectRows<OwnedRow>(db, sql`${rows} limit 1`);
    if (!row) throw new Error(`no ${kind} in the demo data`);
    return { own: row.id, foreign: row.id };
  };

const prepared = new WeakSet<Db>();

/**
 * The demo has profiles of one customer only: one of the caller's customers and one of another
 * get a copy of a shared profile where they have none.
 */
async function ensureProfiles(db: Db, customerIds: readonly number[]): Promise<void> {
  const ids = inList(customerIds);
  const copy = (customer: SQL) => sql`insert into settings_profiles (name, customer_id, settings,
      messages)
    select 'Matrix profile', (${customer}), settings, messages from settings_profiles
    where customer_id is null and (${customer}) is not null order by id limit 1`;
  await db.execute(
    sql`${copy(sql`select ${customerIds[0] ?? null}::int where not exists (
      select 1 from settings_profiles where customer_id in (${ids}))`)}`,
  );
  await db.execute(
    copy(sql`select min(id) from customers where id not in (${ids}) and not exists (
      select 1 from settings_profiles where customer_id is not null
        and customer_id not in (${ids}))`),
  );
}

/**
 * The demo has no installation tests: every device gets test settings and every customer a
 * result, once per database, so any own device can be tested.
 */
async function ensureDeviceTests(db: Db): Promise<void> {
  if (prepared.has(db)) return;
  prepared.add(db);
  await db.execute(sql`
    insert into device_test_settings (device_id, imei, customer_id)
    select id, imei, customer_id from devices where customer_id is not null
    on conflict do nothing`);
  await db.execute(sql`
    insert into device_test_results (device_id, customer_id, customer_name, imei, user_email,
      valid_connection, valid_time_stamp, valid_ign_state, valid_position, valid_odo, valid_vin,
      valid_ibutton, valid_io1_state, test_result)
    select distinct on (s.customer_id) s.device_id, s.customer_id, c.name, s.imei, '', true,
      true, true, true, true, true, true, true, 'TEST OK'
    from device_test_settings s join customers c on c.id = s.customer_id
    order by s.customer_id, s.device_id`);
  // A stopped run per device: its key names it in the run calls (ended, so no engine holds it).
  await db.execute(sql`
    insert into device_test_runs (key, device_id, settings_id, imei, customer_id, plan, ended_at,
      end_reason)
    select gen_random_uuid()::text, s.device_id, s.id, s.imei, s.customer_id,
      '["connection","ignition"]'::jsonb, now(), 'stopped'
    from device_test_settings s`);
}

/**
 * One fixture per id kind. The record type makes a new kind fail to compile until it has one;
 * the authorization matrix also fails at run time for a kind of the document without one.
 */
export const ID_FIXTURES: Record<IdKind, Fixture> = {
  device: owned('device', deviceRows('id::text')),
  imei: owned('imei', deviceRows('imei')),
  customer: owned(
    'customer',
    () => sql`select id::text as id, id as owner from customers order by id`,
  ),
  // The newest first: the demo's sign-in accounts stay out of writes the matrix makes.
  user: owned(
    'user',
    () => sql`select u.id::text as id, u.customer_id as owner from users u order by u.id desc`,
  ),
  configurationGroup: owned(
    'configurationGroup',
    () => sql`select id::text as id, customer_id as owner from configuration_groups order by id`,
  ),
  forward: owned(
    'forward',
    () => sql`select id::text as id, customer_id as owner from forwards order by id`,
  ),
  deviceForward: owned('deviceForward', ofDevices('device_forwards')),
  // Profiles no device uses first, so a request may remove the own one.
  settingsProfile: async (db, customerIds) => {
    await ensureProfiles(db, customerIds);
    return owned(
      'settingsProfile',
      () => sql`select p.id::text as id, p.customer_id as owner from settings_profiles p
        order by exists (select 1 from devices d where nullif(coalesce(d.overlay_profile_id, d.applied_profile_id), '') = p.id::text), p.id`,
    )(db, customerIds);
  },
  // Endpoints no device or profile uses first, so a request may remove the own one.
  endpoint: owned(
    'endpoint',
    () => sql`select e.id::text as id, e.customer_id as owner from endpoints e
      order by exists (select 1 from devices d where (d.applied_endpoint_ids || d.overlay_endpoint_ids) @> array[e.id::text]), e.id`,
  ),
  // Unexecuted and pending first, so a control request can change them.
  modemRequest: owned('modemRequest', ofDevices('modem_requests', 'x.executed nulls first, x.id')),
  setting: owned('setting', ofDevices('device_settings', 'x.processed, x.id')),
  rawMessage: owned('rawMessage', ofDevices('raw_messages')),
  // Log entries are only ever a cursor position (log/chunk/{lastId}): any one will do.
  logEntry: shared('logEntry', sql`select id::text as id from logs order by id`),
  deviceTestSettings: owned('deviceTestSettings', ofDevices('device_test_settings')),
  deviceTestRun: owned(
    'deviceTestRun',
    (anchor) =>
      sql`select x.key as id, d.customer_id as owner
      from device_test_runs x join devices d on d.id = x.device_id
      order by d.id = ${anchor} desc nulls last, x.id`,
  ),
  deviceTestResult: owned(
    'deviceTestResult',
    () => sql`select id::text as id, customer_id as owner from device_test_results order by id`,
  ),
  // The User role first, which any writer may give.
  role: shared('role', sql`select id::text as id from roles order by name <> 'User', id`),
  feature: shared('feature', sql`select id::text as id from features order by id`),
  canConfig: shared('canConfig', sql`select id::text as id from can_configs order by id`),
  // An inactive one first, which may be deleted.
  firmware: shared('firmware', sql`select id::text as id from firmwares order by active, id`),
  authServer: owned(
    'authServer',
    () => sql`select id::text as id, customer_id as owner from auth_servers order by id`,
  ),
  // Cards without devices first, so a request may change the own card's customer.
  companyCard: owned(
    'companyCard',
    () => sql`select c.id::text as id, c.customer_id as owner from company_cards c
      order by exists (select 1 from company_card_devices d where d.card_id = c.id), c.id`,
  ),
  tachoFile: async (db, customerIds) => {
    // The demo may bring no downloads: one per customer then (the upload path is tested apart).
    await ensureTachoFiles(db);
    return owned(
      'tachoFile',
      () => sql`select id::text as id, customer_id as owner from tacho_files order by id`,
    )(db, customerIds);
  },
  rollout: async (db, customerIds) => {
    // The demo starts no mass update: a finished one, once, for routes that name a rollout.
    await db.execute(sql`insert into rollouts (kind, setting_name, target, description, state,
        canary_percent, failure_threshold_percent, stage_timeout_minutes, include_offline)
      select 'firmware', 'Firmware', '000000', 'A finished test rollout', 'completed', 10, 20, 60,
        false
      where not exists (select 1 from rollouts)`);
    return shared('rollout', sql`select id::text as id from rollouts order by id`)(db, customerIds);
  },
  customTestData: owned(
    'customTestData',
    () => sql`select id::text as id, customer_id as owner from custom_test_data order by id`,
  ),
  rtdIntegration: shared(
    'rtdIntegration',
    sql`select id::text as id from rtd_integrations order by id`,
  ),
};

/** The customers a demo account may see: its own, and a reseller's whole tree below it. */
export async function visibleCustomers(db: Db, email: string): Promise<number[]> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`with recursive tree(id, reseller) as (
        select c.id, c.is_reseller from users u join customers c on c.id = u.customer_id
        where u.email = ${email}
        union
        select c.id, tree.reseller from customers c join tree on c.reseller_id = tree.id
        where tree.reseller
      )
      select id from tree`,
  );
  return rows.map((r) => r.id);
}
