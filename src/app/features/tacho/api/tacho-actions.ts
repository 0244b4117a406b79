import { mutationOptions } from '@tanstack/react-query';
import { tachoApiPaths } from '@shared/tacho/api-paths-tacho';
import { TACHO_KINDS, type TachoKind } from '@shared/tacho/tacho';
import { api } from '@app/lib/api-client';
import { postRemoteDownload, toastRemoteDownload } from '@app/lib/remote-download';
import { saveBlobAs } from '@app/lib/save-blob';
import { tachoKeys } from './tacho-keys';

/**
 * `GET rtddata/{fileId}`: the file as bytes, saved under the record's FileName. A failure is
 * only logged to the console (spec 03 §7, §8): no toast.
 */
export async function downloadTachoFile(file: { Id: number; FileName: string }): Promise<void> {
  try {
    const blob = await api.blob(tachoApiPaths.tachoFile(file.Id), { notify: false });
    saveBlobAs(blob, file.FileName);
  } catch (error) {
    console.error(`The tachograph file ${file.FileName} could not be downloaded`, error);
  }
}

/** What a remote download is asked for: a vehicle by its device's IMEI, a driver by card. */
export interface RemoteDownloadTarget {
  kind: TachoKind;
  /** IMEI (vehicle) or card number (driver). */
  value: string;
}

export const requestPath = ({ kind, value }: RemoteDownloadTarget): string =>
  kind === TACHO_KINDS.vehicle
    ? tachoApiPaths.tachoRequestMassDownload(value)
    : tachoApiPaths.tachoRequestCardDownload(value);

/**
 * `POST rtddata/requestMassDownload/{imei}` or `requestCardDownload/{cardNumber}`: the answer's
 * text is the toast, a success for a new request (spec 03 §7), informational for one still open;
 * the lists and overviews refetch to show the request's progress on the row. Failures are
 * toasted by the api client.
 */
export const requestDownloadMutationOptions = () =>
  mutationOptions({
    mutationKey: [...tachoKeys.all, 'request'],
    mutationFn: (target: RemoteDownloadTarget) => postRemoteDownload(requestPath(target)),
    onSuccess: (answer, _target, _result, { client }) => {
      toastRemoteDownload(answer);
      return client.invalidateQueries({ queryKey: tachoKeys.all });
    },
  });
