import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';
import { wantedProfile } from '@server/db/wanted-config';
import { devices, settingsProfiles } from '@server/db/schema';
import { layProfileOver } from './expansion';

/**
 * A device was given a profile (its settingsProfileID setting saved or edited): the profile its
 * wanted configuration now names lays its settings and message configurations over it, in the
 * caller's transaction, through the same expansion as a profile's re-target. No profile (''):
 * nothing more changes. Call after the settings are stored and the sync recomputed.
 */
export async function applyWantedProfile(tx: DbOrTx, deviceId: number): Promise<void> {
  const [row] = await tx
    .select({
      applicationVersion: settingsProfiles.applicationVersion,
      booterVersion: settingsProfiles.booterVersion,
      settings: settingsProfiles.settings,
      messages: settingsProfiles.messages,
    })
    .from(devices)
    .innerJoin(settingsProfiles, sql`${settingsProfiles.id}::text = ${wantedProfile('devices')}`)
    .where(eq(devices.id, deviceId));
  if (row) await layProfileOver(tx, row, { deviceId });
}
