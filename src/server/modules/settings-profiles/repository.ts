import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  MESSAGE_SLOTS,
  defaultMessage,
  type ProfileMessage,
  type SettingsProfile,
} from '@shared/settings-profiles/settings-profiles';
import type { CustomerScope } from '@server/auth/tenancy';
import type { DbOrTx } from '@server/db/client';
import { customers, firmwares, settingsProfiles } from '@server/db/schema';
import { profileDeviceCounts } from './expansion';

export type ProfileRecord = typeof settingsProfiles.$inferSelect;
export type ProfileValues = Omit<typeof settingsProfiles.$inferInsert, 'id' | 'createdAt'>;

/** The caller's devices, as a condition on `devices d`. */
const deviceScope = (scope: CustomerScope): SQL =>
  scope.all
    ? sql`true`
    : scope.customerIds.length
      ? sql`d.customer_id = any(${`{${scope.customerIds.join(',')}}`}::int[])`
      : sql`false`;

/** A stored message of a slot, or the slot's default where an old row has none. */
const messageOf = (record: ProfileRecord, slot: number): ProfileMessage =>
  record.messages[slot] ?? defaultMessage(slot, '');

/** The profile as the API answers it (spec 03 §3). */
export function toProfile(
  record: ProfileRecord,
  customer: string | null,
  firmware: string | null,
  devices: number,
): SettingsProfile {
  const [message0, message1, message2] = MESSAGE_SLOTS.map((slot) => messageOf(record, slot)) as [
    ProfileMessage,
    ProfileMessage,
    ProfileMessage,
  ];
  return {
    // The settings first, so they can never shadow the profile's own fields.
    ...record.settings,
    Id: record.id,
    Name: record.name,
    CustomerId: record.customerId,
    Customer: customer,
    applicationVersion: record.applicationVersion,
    BooterVersion: record.booterVersion,
    Firmware: record.applicationVersion === 0 ? null : firmware,
    devices,
    endpoint0ID: message0.endpointID,
    endpoint1ID: message1.endpointID,
    endpoint2ID: message2.endpointID,
    message0,
    message1,
    message2,
    message0Protocol: message0.protocol,
    message1Protocol: message1.protocol,
    message2Protocol: message2.protocol,
  };
}

/** Profiles matching `where`, by name, each with its Devices in the caller's scope. */
export async function listProfiles(
  db: DbOrTx,
  scope: CustomerScope,
  where: SQL | undefined,
): Promise<SettingsProfile[]> {
  const rows = await db
    .select({ profile: settingsProfiles, customer: customers.name, firmware: firmwares.version })
    .from(settingsProfiles)
    .leftJoin(customers, eq(customers.id, settingsProfiles.customerId))
    .leftJoin(firmwares, eq(firmwares.id, settingsProfiles.applicationVersion))
    .where(where)
    .orderBy(asc(settingsProfiles.name), asc(settingsProfiles.id));
  const counts = await profileDeviceCounts(
    db,
    deviceScope(scope),
    rows.map((r) => r.profile.id),
  );
  return rows.map((r) =>
    toProfile(r.profile, r.customer, r.firmware, counts.get(r.profile.id) ?? 0),
  );
}

/** One profile by id (no tenancy here: callers check the owner). */
export async function findProfile(
  db: DbOrTx,
  scope: CustomerScope,
  id: string,
): Promise<SettingsProfile | undefined> {
  const [profile] = await listProfiles(db, scope, eq(settingsProfiles.id, id));
  return profile;
}

/** The stored profile, locked for a change or removal (one change of a profile at a time). */
export async function lockProfile(tx: DbOrTx, id: string): Promise<ProfileRecord | undefined> {
  const [row] = await tx
    .select()
    .from(settingsProfiles)
    .where(eq(settingsProfiles.id, id))
    .for('update');
  return row;
}

export async function insertProfile(tx: DbOrTx, values: ProfileValues): Promise<string> {
  const [row] = await tx
    .insert(settingsProfiles)
    .values(values)
    .returning({ id: settingsProfiles.id });
  if (!row) throw new Error('insert settings_profiles returned nothing');
  return row.id;
}

export async function updateProfile(tx: DbOrTx, id: string, values: ProfileValues) {
  await tx.update(settingsProfiles).set(values).where(eq(settingsProfiles.id, id));
}

export async function deleteProfile(tx: DbOrTx, id: string) {
  await tx.delete(settingsProfiles).where(eq(settingsProfiles.id, id));
}

/** Devices of any tenant whose wanted configuration names the profile. */
export async function profileUsage(tx: DbOrTx, id: string): Promise<number> {
  return (await profileDeviceCounts(tx, sql`true`, [id])).get(id) ?? 0;
}

/** An application (2) or booter (1) firmware with this id exists. */
export async function firmwareExists(tx: DbOrTx, id: number, flag: number): Promise<boolean> {
  const rows = await tx
    .select({ id: firmwares.id })
    .from(firmwares)
    .where(and(eq(firmwares.id, id), eq(firmwares.firmwareFlag, flag)));
  return rows.length > 0;
}
