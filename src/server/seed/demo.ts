import { eq } from 'drizzle-orm';
import { FEATURE_TACHO_DOWNLOAD, type RoleName } from '@shared/access/roles';
import { hashPassword } from '@server/auth/passwords';
import type { SecretBox } from '@server/auth/secret-box';
import type { Db } from '@server/db/client';
import {
  customerFeatures,
  customers,
  features,
  roles,
  rtdIntegrations,
  users,
} from '@server/db/schema';
import { issueCredentialsToAll, type DeviceCredentials } from './credentials';
import { seedCustomTestData } from './demo-custom-test-data';
import { seedForwards } from './demo-forwards';
import { seedLogs, seedMessages } from './demo-messages';
import { seedAuthServersAndCards } from './demo-tacho-accounts';
import { seedTachoFiles } from './demo-tacho-files';
import { demoDomain, seedDemoUsers } from './demo-users';
import { seedDeviceLibraries } from './device-library';
import { growFleet } from './fleet';
import { createRandom, type Random } from './random';
import { idsByName, seedReferenceData } from './reference-data';

export const DEMO_PASSWORD = 'demo1234';
/** The sign-in accounts; `isReseller` only says what their customer is (users have no flag). */
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
interface CustomerSeed {
  name: string;
  country: string;
  isReseller?: boolean;
  reseller?: string;
  features?: string[];
  /** Remote tachograph download: the integration type and the customer's id there. */
  rtd?: { integration: string; customerId: string };
  /** Share of the demo fleet. */
  devices: number;
}

const CUSTOMERS: CustomerSeed[] = [
  // The provider has every feature its screens need (the Auth Server list needs Tacho Download).
  {
    name: 'Fleet Portal Provider',
    country: 'NL',
    features: [FEATURE_TACHO_DOWNLOAD],
    devices: 0,
  },
  {
    name: 'NordTrack Resellers',
    country: 'SE',
    isReseller: true,
    features: [FEATURE_TACHO_DOWNLOAD],
    devices: 30,
  },
  {
    name: 'Hansen Transport',
    country: 'DE',
    reseller: 'NordTrack Resellers',
    features: [FEATURE_TACHO_DOWNLOAD],
    devices: 70,
  },
  { name: 'Vega Logistics', country: 'SE', reseller: 'NordTrack Resellers', devices: 60 },
  {
    name: 'Atlas Freight',
    country: 'NL',
    features: [FEATURE_TACHO_DOWNLOAD],
    rtd: { integration: 'TIS-Web', customerId: 'AF-20417' },
    devices: 90,
  },
  { name: 'Blue Line Buses', country: 'BE', features: ['Installation Test'], devices: 60 },
];

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
 * credential), 8 days of messages and logs, 100 days of tachograph downloads, in one
 * transaction.
 */
export async function seedDemo(db: Db, options: SeedOptions): Promise<DemoSeed> {
  const random = options.random ?? createRandom();
  const now = options.now ?? new Date();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    await seedReferenceData(tx);
    const customerIds = new Map<string, number>();
    const integrationIds = await idsByName(tx, rtdIntegrations);
    for (const c of CUSTOMERS) {
      const [row] = await tx
        .insert(customers)
        .values({
          name: c.name,
          country: c.country,
          isReseller: c.isReseller ?? false,
          resellerId: c.reseller ? customerIds.get(c.reseller) : null,
          email: `office@${demoDomain(c.name)}`,
          start: '2024-03-01',
          rtdInterval: 24,
          rtdIntegration: c.rtd !== undefined,
          rtdIntegrationId: c.rtd ? integrationIds.get(c.rtd.integration) : null,
          rtdIntCustId: c.rtd?.customerId ?? null,
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
      })),
    );
    await seedDemoUsers(tx, customerIds, passwordHash);

    const fleetOwners = CUSTOMERS.filter((c) => c.devices > 0).map((c) => ({
      id: customerId(c.name),
      name: c.name,
    }));
    await seedDeviceLibraries(tx, fleetOwners, now);
    await seedCustomTestData(tx, fleetOwners);
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
    const tachoCustomers = CUSTOMERS.filter(
      (c) => c.devices > 0 && c.features?.includes(FEATURE_TACHO_DOWNLOAD),
    ).map((c) => ({ id: customerId(c.name), name: c.name }));
    await seedAuthServersAndCards(tx, tachoCustomers, options.secrets, now, random);

    await seedMessages(tx, now, random);
    await seedLogs(tx, [...customerIds.values()], now, random);
    // Last, so the random stream of everything before stays as it was.
    await seedTachoFiles(
      tx,
      CUSTOMERS.filter((c) => tachoCustomers.some((t) => t.name === c.name)).map((c) => ({
        id: customerId(c.name),
        country: c.country,
        drivers: Math.ceil(c.devices / 10),
      })),
      now,
      random,
    );
    return { deviceCredentials };
  });
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
