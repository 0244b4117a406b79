import { eq, sql } from 'drizzle-orm';
import { FEATURE_TACHO_DOWNLOAD, ROLES, type RoleName } from '../../../shared/roles';
import { hashPassword } from '../../auth/passwords';
import type { SecretBox } from '../../auth/secret-box';
import { rebuildMessageCounters } from '../../modules/raw-messages/counters';
import type { Db, DbOrTx } from '../client';
import {
  customerFeatures,
  customers,
  devices,
  features,
  forwardMessageTypes,
  forwardProtocols,
  forwards,
  logs,
  messageTypes,
  rawMessages,
  roles,
  users,
} from '../schema';
import { issueCredentialsToAll, type DeviceCredentials } from './credentials';
import { seedDeviceLibraries } from './device-library';
import { growFleet, messageBody } from './fleet';
import { createRandom, type Random } from './random';

export const DEMO_PASSWORD = 'demo1234';
export const DEMO_ACCOUNTS = [
  { email: 'admin@demo.test', role: 'Admin', customer: 'Fleet Portal Provider', isReseller: false },
  { email: 'reseller@demo.test', role: 'User', customer: 'NordTrack Resellers', isReseller: true },
  { email: 'user@demo.test', role: 'User', customer: 'Atlas Freight', isReseller: false },
  { email: 'viewer@demo.test', role: 'Viewer', customer: 'Atlas Freight', isReseller: false },
] as const satisfies readonly {
  email: string;
  role: RoleName;
  customer: string;
  isReseller: boolean;
}[];

export const DEMO_FLEET_SIZE = 320;
const FEATURES = [FEATURE_TACHO_DOWNLOAD, 'Installation Test', 'RTD Integration'];
const MESSAGE_TYPES = ['TD', 'RT', 'TC', 'TL'];
const PROTOCOLS = ['HTTP JSON', 'MQTT', 'Wialon IPS', 'TCP Binary'];

interface CustomerSeed {
  name: string;
  country: string;
  isReseller?: boolean;
  reseller?: string;
  features?: string[];
  /** Share of the demo fleet. */
  devices: number;
}

const CUSTOMERS: CustomerSeed[] = [
  { name: 'Fleet Portal Provider', country: 'NL', devices: 0 },
  { name: 'NordTrack Resellers', country: 'SE', isReseller: true, devices: 30 },
  { name: 'Hansen Transport', country: 'DE', reseller: 'NordTrack Resellers', devices: 70 },
  { name: 'Vega Logistics', country: 'SE', reseller: 'NordTrack Resellers', devices: 60 },
  { name: 'Atlas Freight', country: 'NL', features: [FEATURE_TACHO_DOWNLOAD], devices: 90 },
  { name: 'Blue Line Buses', country: 'BE', features: ['Installation Test'], devices: 60 },
];

/** Roles and lookups every database needs, demo or not. */
export async function seedReferenceData(db: DbOrTx): Promise<void> {
  await db
    .insert(roles)
    .values(ROLES.map((name) => ({ name })))
    .onConflictDoNothing();
  await db
    .insert(features)
    .values(FEATURES.map((name) => ({ name })))
    .onConflictDoNothing();
  await db
    .insert(messageTypes)
    .values(MESSAGE_TYPES.map((name) => ({ name })))
    .onConflictDoNothing();
  await db
    .insert(forwardProtocols)
    .values(PROTOCOLS.map((name) => ({ name })))
    .onConflictDoNothing();
}

async function idsByName(
  db: DbOrTx,
  table: typeof roles | typeof features | typeof messageTypes | typeof forwardProtocols,
) {
  const rows = await db.select({ id: table.id, name: table.name }).from(table);
  return new Map(rows.map((r) => [r.name, r.id]));
}

export interface SeedOptions {
  /** Seals the demo devices' credentials (the server's secrets key). */
  secrets: SecretBox;
  devices?: number;
  now?: Date;
  random?: Random;
}

export interface DemoSeed {
  /** Every demo device's device-link credential in clear (stored sealed). */
  deviceCredentials: DeviceCredentials;
}

/**
 * Loads the demo tenants, accounts, device libraries, forwards, fleet (each device with a
 * credential), 8 days of messages and logs, in one transaction.
 */
export async function seedDemo(db: Db, options: SeedOptions): Promise<DemoSeed> {
  const random = options.random ?? createRandom();
  const now = options.now ?? new Date();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    await seedReferenceData(tx);
    const customerIds = new Map<string, number>();
    for (const c of CUSTOMERS) {
      const [row] = await tx
        .insert(customers)
        .values({
          name: c.name,
          country: c.country,
          isReseller: c.isReseller ?? false,
          resellerId: c.reseller ? customerIds.get(c.reseller) : null,
          email: `office@${c.name.toLowerCase().replace(/[^a-z]+/g, '')}.example`,
          start: '2024-03-01',
          rtdInterval: 24,
        })
        .returning({ id: customers.id });
      if (row) customerIds.set(c.name, row.id);
    }
    const customerId = (name: string) => customerIds.get(name) ?? 0;

    const featureIds = await idsByName(tx, features);
    const featureRows = CUSTOMERS.flatMap((c) =>
      (c.features ?? []).map((f) => ({
        customerId: customerId(c.name),
        featureId: featureIds.get(f) ?? 0,
      })),
    );
    if (featureRows.length) await tx.insert(customerFeatures).values(featureRows);

    const roleIds = await idsByName(tx, roles);
    await tx.insert(users).values(
      DEMO_ACCOUNTS.map((a) => ({
        email: a.email,
        passwordHash,
        roleId: roleIds.get(a.role) ?? 0,
        customerId: customerId(a.customer),
        isReseller: a.isReseller,
      })),
    );

    const fleetOwners = CUSTOMERS.filter((c) => c.devices > 0).map((c) => ({
      id: customerId(c.name),
      name: c.name,
    }));
    await seedDeviceLibraries(tx, fleetOwners, now);
    // Before the fleet, so some devices get their customer's forwards.
    await seedForwards(
      tx,
      fleetOwners.map((c) => c.id),
      random,
    );

    // Each customer gets its share; a few devices stay unassigned (in stock).
    const owners: (number | null)[] = CUSTOMERS.flatMap((c) =>
      Array.from({ length: c.devices }, () => customerId(c.name)),
    );
    const fleetSize = Math.max(options.devices ?? DEMO_FLEET_SIZE, owners.length + 10);
    while (owners.length < fleetSize) owners.push(null);
    await growFleet(tx, fleetSize, owners, random);

    const deviceCredentials = await issueCredentialsToAll(tx, options.secrets);

    await seedMessages(tx, now, random);
    await seedLogs(tx, [...customerIds.values()], now, random);
    return { deviceCredentials };
  });
}

/** About six messages per device per day over the last 8 days; 3% are broken JSON. */
async function seedMessages(tx: DbOrTx, now: Date, random: Random): Promise<void> {
  const fleet = await tx.select({ id: devices.id, imei: devices.imei }).from(devices);
  const rows: (typeof rawMessages.$inferInsert)[] = [];
  for (const device of fleet) {
    const perDevice = random.int(30, 60);
    for (let i = 0; i < perDevice; i++) {
      const at = new Date(now.getTime() - random.next() * 8 * 86_400_000);
      const body = messageBody(device.imei, at, random);
      const validJson = !random.chance(0.03);
      rows.push({
        deviceId: device.id,
        imei: device.imei,
        timeStampServer: at,
        validJson,
        message: validJson ? body : body.slice(0, random.int(10, body.length - 2)),
      });
    }
  }
  // In arrival order, as a device link stores them: ids then follow time (lists page by id).
  rows.sort((a, b) => (a.timeStampServer?.getTime() ?? 0) - (b.timeStampServer?.getTime() ?? 0));
  for (let i = 0; i < rows.length; i += 2000)
    await tx.insert(rawMessages).values(rows.slice(i, i + 2000));
  await tx.execute(sql`
    update devices d set last_msg = m.last
    from (select device_id, max(time_stamp_server) as last from raw_messages group by device_id) m
    where m.device_id = d.id`);
  await rebuildMessageCounters(tx);
}

async function seedForwards(tx: DbOrTx, customerIds: number[], random: Random): Promise<void> {
  const protocolIds = [...(await idsByName(tx, forwardProtocols)).values()];
  const typeIds = [...(await idsByName(tx, messageTypes)).values()];
  for (const customerId of customerIds) {
    for (let i = 0; i < random.int(1, 3); i++) {
      const [row] = await tx
        .insert(forwards)
        .values({
          customerId,
          name: `${random.pick(['Fleet', 'Route', 'Tacho', 'Ops'])} feed ${i + 1}`,
          ip: `198.51.100.${random.int(2, 250)}`,
          port: random.pick([443, 5001, 8443, 1883]),
          username: random.chance(0.5) ? 'integration' : null,
          password: random.chance(0.5) ? 'secret' : null,
          apiKey: random.chance(0.3) ? random.digits(24) : null,
          status: random.chance(0.85) ? 1 : 0,
          protocolId: random.pick(protocolIds),
        })
        .returning({ id: forwards.id });
      if (!row) continue;
      const types = typeIds.filter(() => random.chance(0.5));
      const chosen = types.length ? types : [typeIds[0] ?? 1];
      await tx
        .insert(forwardMessageTypes)
        .values(chosen.map((messageTypeId) => ({ forwardId: row.id, messageTypeId })));
    }
  }
}

async function seedLogs(
  tx: DbOrTx,
  customerIds: number[],
  now: Date,
  random: Random,
): Promise<void> {
  const texts = [
    ['Information', 'Device configuration acknowledged'],
    ['Information', 'Forward connection re-established'],
    ['Warning', 'Forward answered slowly (2.4 s)'],
    ['Warning', 'Unknown IMEI tried to connect'],
    ['Error', 'Forward connection refused'],
  ] as const;
  const rows = Array.from({ length: 240 }, () => {
    const [level, message] = random.pick(texts);
    return {
      level,
      message,
      customerId: random.chance(0.2) ? null : random.pick(customerIds),
      timeStamp: new Date(now.getTime() - random.next() * 8 * 86_400_000),
    };
  });
  await tx.insert(logs).values(rows);
}

/** With DATABASE_URL, the first admin comes from ADMIN_EMAIL / ADMIN_PASSWORD. */
export async function ensureAdmin(db: Db, email: string, password: string): Promise<boolean> {
  await seedReferenceData(db);
  const existing = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing.length) return false;
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [customer] = await tx
      .insert(customers)
      .values({ name: 'Provider' })
      .returning({ id: customers.id });
    const roleIds = await idsByName(tx, roles);
    await tx.insert(users).values({
      email,
      passwordHash,
      roleId: roleIds.get('Admin') ?? 0,
      customerId: customer?.id ?? 0,
    });
  });
  return true;
}
