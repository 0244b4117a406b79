import { mutationOptions } from '@tanstack/react-query';
import { toast } from '@app/lib/toast';
import { apiPaths } from '@shared/api/api-paths';
import { libraryApiPaths } from '@shared/libraries/api-paths-libraries';
import {
  firmwareDeleted,
  firmwareSaved,
  type Firmware,
  type FirmwareFields,
} from '@shared/libraries/firmware-library';
import { api } from '@app/lib/api-client';
import { putById } from '@app/lib/list-cache';
import { firmwareBody } from '@app/features/firmware/model/firmware-form';
import { firmwareLibraryKeys } from './firmwares';

export interface SaveFirmwareVariables {
  /** The firmware to update; none for Create Firmware. */
  id?: number | undefined;
  fields: FirmwareFields;
  /** The image; null on an update that keeps the stored one. */
  file: File | null;
}

/**
 * `POST AddonBoardFW/` or `PUT AddonBoardFW/{id}` as multipart (the image in the part
 * `Firmware`). The saved firmware takes its place in the list, a new one first (the list is
 * newest first, spec 03 §4), and the device page's firmware selects load again.
 */
export const saveFirmwareMutationOptions = () =>
  mutationOptions({
    mutationKey: firmwareLibraryKeys.write(),
    mutationFn: ({ id, fields, file }: SaveFirmwareVariables) => {
      const body = firmwareBody(fields, file, id);
      return id === undefined
        ? api.post<Firmware>(apiPaths.firmwares, body)
        : api.put<Firmware>(libraryApiPaths.firmware(id), body);
    },
    onSuccess: (firmware, _variables, _result, { client }) => {
      toast.success(firmwareSaved(firmware.Version));
      client.setQueryData<Firmware[]>(firmwareLibraryKeys.list(), (rows) =>
        putById(rows, firmware, 'start'),
      );
      return client.invalidateQueries({ queryKey: firmwareLibraryKeys.active() });
    },
  });

/**
 * `DELETE AddonBoardFW/{id}`: answers the remaining list, which replaces the cached one. Only an
 * inactive firmware can go (400, toasted by the api client, while active), so the device page's
 * selects of the active ones stay as they are.
 */
export const deleteFirmwareMutationOptions = () =>
  mutationOptions({
    mutationKey: firmwareLibraryKeys.write(),
    mutationFn: (firmware: Firmware) =>
      api.delete<Firmware[]>(libraryApiPaths.firmware(firmware.Id)),
    onSuccess: (remaining, firmware, _result, { client }) => {
      toast.success(firmwareDeleted(firmware.Version));
      client.setQueryData<Firmware[]>(firmwareLibraryKeys.list(), remaining);
    },
  });
