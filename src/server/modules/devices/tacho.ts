import { and, desc, eq } from 'drizzle-orm';
import { TACHO_KINDS } from '@shared/tacho/tacho';
import type { DeviceTacho } from '@shared/tacho/tacho-requests';
import type { DbOrTx } from '@server/db/client';
import { tachoFiles } from '@server/db/schema';
import { latestVehicleRequest } from '@server/tacho/requests';
import { isoOrNull } from './device-dto';

/**
 * The device page's tacho facts: the device's latest vehicle unit download (by arrival, via the
 * device index) and its latest remote download request. Answered to every caller of the device
 * like its LastDownload; the screen shows them to users with the 'Tacho Download' feature.
 */
export async function deviceTacho(db: DbOrTx, deviceId: number): Promise<DeviceTacho> {
  const [file] = await db
    .select({
      id: tachoFiles.id,
      plate: tachoFiles.licensePlate,
      uploaded: tachoFiles.uploadedAt,
      periodTo: tachoFiles.periodTo,
      validState: tachoFiles.validState,
    })
    .from(tachoFiles)
    .where(and(eq(tachoFiles.deviceId, deviceId), eq(tachoFiles.kind, TACHO_KINDS.vehicle)))
    .orderBy(desc(tachoFiles.id))
    .limit(1);
  return {
    Latest: file
      ? {
          FileId: file.id,
          LicensePlate: file.plate,
          Uploaded: isoOrNull(file.uploaded) ?? '',
          PeriodTo: isoOrNull(file.periodTo) ?? '',
          ValidState: file.validState,
        }
      : null,
    Request: await latestVehicleRequest(db, deviceId),
  };
}
