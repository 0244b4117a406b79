import { serverRoutes } from '@shared/api/api-paths';
import { DeviceCredentialSchema } from '@shared/devices/device-link';
import { DeviceIdParamsSchema } from '@shared/devices/device-requests';
import type { SecretBox } from '@server/auth/secret-box';
import type { Db } from '@server/db/client';
import type { App } from '@server/http/types';
import { createDeviceCredentialService } from './service';

/** `POST devices/credential/{id}`: admins give a device a new device-link credential. */
export function deviceCredentialRoutes(app: App, db: Db, secrets: SecretBox): void {
  const service = createDeviceCredentialService(db, secrets);
  app.post(
    serverRoutes.deviceCredential,
    {
      config: { access: 'devices.credential' },
      schema: {
        tags: ['devices'],
        summary: 'A new device credential; the old one stops working at once',
        description:
          'The answer is the only time the credential is shown (docs/device-protocol.md). Not ' +
          'idempotent on purpose: every call issues another credential.',
        params: DeviceIdParamsSchema,
        response: { 200: DeviceCredentialSchema },
      },
    },
    async (request, reply) => {
      const issued = await service.issue(
        await request.scope(),
        request.caller.userId,
        request.params.id,
      );
      // A secret: no cache may keep it.
      void reply.header('Cache-Control', 'no-store');
      return issued;
    },
  );
}
