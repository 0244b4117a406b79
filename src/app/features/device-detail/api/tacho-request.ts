import type { QueryClient } from '@tanstack/react-query';
import { tachoApiPaths } from '@shared/tacho/api-paths-tacho';
import {
  postRemoteDownload,
  toastRemoteDownload,
  type RemoteDownloadAnswer,
} from '@app/lib/remote-download';
import { deviceDetailKeys } from './keys';

/**
 * `POST rtddata/requestMassDownload/{imei}`: the answer is the toast (spec 03 §7), a success
 * for a new request, informational for one still open. Online only: a remote download asked
 * hours later from the outbox would surprise the driver.
 */
export const requestMassDownloadMutationOptions = (client: QueryClient) => ({
  mutationFn: (device: { deviceId: number; imei: string }) =>
    postRemoteDownload(tachoApiPaths.tachoRequestMassDownload(device.imei)),
  onSuccess: (answer: RemoteDownloadAnswer, device: { deviceId: number }) => {
    toastRemoteDownload(answer);
    // The progress on the page is the device answer's.
    return client.invalidateQueries({ queryKey: deviceDetailKeys.device(device.deviceId) });
  },
});
