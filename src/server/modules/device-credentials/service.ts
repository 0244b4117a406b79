import type { DeviceCredential } from '@shared/devices/device-link';
import type { SecretBox } from '@server/auth/secret-box';
import type { CustomerScope } from '@server/auth/tenancy';
import type { Db } from '@server/db/client';
import { newDeviceCredential } from '@server/auth/device-signing';
import { notFound } from '@server/errors/http-errors';
import { logCredentialIssued, storeSealedCredential } from './repository';
import { DEVICE_NOT_FOUND, requireDeviceById } from '@server/modules/devices';

/**
 * Device-link credentials (docs/device-protocol.md): a new one replaces the old at once. It is
 * stored sealed with the secrets key and returned in clear this one time only.
 */
export function createDeviceCredentialService(db: Db, secrets: SecretBox) {
  return {
    async issue(scope: CustomerScope, userId: number, id: number): Promise<DeviceCredential> {
      const device = await requireDeviceById(db, scope, id);
      const credential = newDeviceCredential();
      await db.transaction(async (tx) => {
        if (!(await storeSealedCredential(tx, device.id, secrets.seal(credential))))
          throw notFound(DEVICE_NOT_FOUND);
        await logCredentialIssued(tx, device.imei, device.customerId, userId);
      });
      return { IMEI: device.imei, Credential: credential };
    },
  };
}
