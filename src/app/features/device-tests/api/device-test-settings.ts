import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { toast } from '@app/lib/toast';
import { apiPaths } from '@shared/api/api-paths';
import type { DeviceTestSettings, DeviceTestSettingsBody } from '@shared/devices/device-tests';
import { api } from '@app/lib/api-client';
import { randomUuid } from '@app/lib/uuid';
import { newRun, saveCurrentRun } from '@app/features/device-tests/model/current-run';
import { deviceTestKeys } from './keys';

/** Spec 03 §8, word for word. */
export const SETTINGS_SAVED_TOAST = 'Device test settings successfully saved!';
export const SETTINGS_UPDATED_TOAST = 'Device test settings successfully updated!';

/** `GET devicetestsettings/`: the test settings the caller may see (one per IMEI). */
export const deviceTestSettingsQueryOptions = () =>
  queryOptions({
    queryKey: deviceTestKeys.settings(),
    queryFn: ({ signal }) => api.get<DeviceTestSettings[]>(apiPaths.deviceTestSettings, { signal }),
  });

/**
 * `GET devicetestsettings/setactive/{imei}?run={key}`: a new run of the test starts, its key kept
 * on the phone for the live page (verdicts name it; a reload finds it).
 */
export async function startDeviceTest(imei: string) {
  const run = newRun(imei, randomUuid());
  await api.get<unknown>(
    `${apiPaths.deviceTestSetActive(imei)}?run=${encodeURIComponent(run.key)}`,
  );
  saveCurrentRun(run);
}

/** `GET devicetestsettings/setinactive/{imei}`: the installer stops the test (Stop test). */
export const stopDeviceTest = (imei: string) =>
  api.get<unknown>(apiPaths.deviceTestSetInactive(imei));

export interface SaveAndStartVariables {
  /** The IMEI's existing settings: PUT them; none: POST new ones. */
  existingId: number | null;
  body: DeviceTestSettingsBody;
}

/** POST or PUT the settings, toast which it was, then start the test (spec 03 §4). */
export async function saveAndStart({ existingId, body }: SaveAndStartVariables) {
  const saved =
    existingId === null
      ? await api.post<DeviceTestSettings>(apiPaths.deviceTestSettings, body)
      : await api.put<DeviceTestSettings>(apiPaths.deviceTestSetting(existingId), body);
  toast.success(existingId === null ? SETTINGS_SAVED_TOAST : SETTINGS_UPDATED_TOAST);
  await startDeviceTest(body.Imei);
  return saved;
}

export const saveAndStartMutationOptions = () =>
  mutationOptions({
    mutationKey: deviceTestKeys.saveAndStart(),
    mutationFn: saveAndStart,
    // Also after a failed start: the settings may have been saved.
    onSettled: (_data, _error, _variables, _result, { client }) =>
      client.invalidateQueries({ queryKey: deviceTestKeys.settings() }),
  });
