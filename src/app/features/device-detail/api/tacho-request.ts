import type { QueryClient } from '@tanstack/react-query';
import { toast } from '@app/lib/toast';
import { tachoApiPaths } from '../../../../shared/api-paths-tacho';
import { api } from '../../../lib/api-client';
import { deviceDetailKeys } from './keys';

/**
 * `POST rtddata/requestMassDownload/{imei}`: the answer is the toast's text (spec 03 §7). Online
 * only: a remote download asked hours later from the outbox would surprise the driver.
 */
export const requestMassDownloadMutationOptions = (client: QueryClient) => ({
  mutationFn: (device: { deviceId: number; imei: string }) =>
    api.post<string>(tachoApiPaths.tachoRequestMassDownload(device.imei), undefined),
  onSuccess: (text: string, device: { deviceId: number }) => {
    toast.success(text);
    // The progress on the page is the device answer's.
    return client.invalidateQueries({ queryKey: deviceDetailKeys.device(device.deviceId) });
  },
});
