import { FEATURE_TACHO_DOWNLOAD, ROLES } from '@shared/access/roles';
import { FORWARD_PROTOCOL_IDS, MESSAGE_TYPE_IDS } from '@shared/forwards/forward-kinds';
import type { DbOrTx } from '@server/db/client';
import {
  features,
  forwardProtocols,
  messageTypes,
  roles,
  rtdIntegrations,
} from '@server/db/schema';

const FEATURES = [FEATURE_TACHO_DOWNLOAD, 'Installation Test', 'RTD Integration'];
/** Tachograph remote-download services a customer can be connected to (migration 0008 too). */
export const RTD_INTEGRATION_TYPES = ['TIS-Web', 'Tachomaster', 'Optac', 'TachoWeb'];

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
    .values(Object.entries(MESSAGE_TYPE_IDS).map(([name, id]) => ({ id, name })))
    .onConflictDoNothing();
  await db
    .insert(forwardProtocols)
    .values(Object.entries(FORWARD_PROTOCOL_IDS).map(([name, id]) => ({ id, name })))
    .onConflictDoNothing();
  await db
    .insert(rtdIntegrations)
    .values(RTD_INTEGRATION_TYPES.map((name) => ({ name })))
    .onConflictDoNothing();
}

/** A lookup table's ids by name. */
export async function idsByName(
  db: DbOrTx,
  table: typeof roles | typeof features | typeof rtdIntegrations,
) {
  const rows = await db.select({ id: table.id, name: table.name }).from(table);
  return new Map(rows.map((r) => [r.name, r.id]));
}
