import { mutationOptions } from '@tanstack/react-query';
import { apiPaths } from '@shared/api/api-paths';
import type { DeviceCredential } from '@shared/devices/device-link';
import { api } from '@app/lib/api-client';

/** Not a device write of the outbox (deviceWriteKeys): a rotation is never queued. */
export const credentialKeys = {
  issue: () => ['device-credential', 'issue'] as const,
};

/**
 * `POST devices/credential/{id}` (admins): a new device-link credential, answered this once.
 * Online only: `networkMode: 'always'` makes it fail at once without a connection instead of
 * pausing and running on reconnect, when nobody is there to copy the credential it answers.
 */
export const issueCredentialMutationOptions = () =>
  mutationOptions({
    mutationKey: credentialKeys.issue(),
    networkMode: 'always',
    mutationFn: ({ deviceId }: { deviceId: number }) =>
      api.post<DeviceCredential>(apiPaths.deviceCredential(deviceId), undefined),
  });
