import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiPaths } from '@shared/api/api-paths';
import type { DeviceTestSettings } from '@shared/devices/device-tests';
import type { DeviceTestRun, VerdictBody } from '@shared/devices/test-runs';
import { api } from '@app/lib/api-client';
import { sendWrite, type DeviceWriteVariables } from '@app/features/outbox';
import { deviceTestKeys, deviceTestWriteKeys } from './keys';

/** `GET devicetests/runs/{key}`: where a run stands (after a reconnect, a reload, offline). */
export const deviceTestRunQueryOptions = (key: string) =>
  queryOptions({
    queryKey: deviceTestKeys.run(key),
    queryFn: ({ signal }) => api.get<DeviceTestRun>(apiPaths.deviceTestRun(key), { signal }),
  });

export interface StartRunVariables extends DeviceWriteVariables {
  /** The run's key, made on the phone: a start sent twice (or replayed) is one run. */
  run: string;
}

/** `GET devicetestsettings/setactive/{imei}?run={key}`: begins the run (queued when offline). */
export const startRunMutationOptions = () =>
  mutationOptions({
    mutationKey: deviceTestWriteKeys.start(),
    mutationFn: (variables: StartRunVariables) =>
      sendWrite(variables, (options) =>
        api.get<DeviceTestSettings & { RunKey: string }>(
          `${apiPaths.deviceTestSetActive(variables.imei)}?run=${encodeURIComponent(variables.run)}`,
          { ...options, notify: false },
        ),
      ),
  });

export interface VerdictVariables extends DeviceWriteVariables, VerdictBody {
  run: string;
}

/** `POST devicetests/runs/{key}/verdicts`: a verdict, made now or offline, sent exactly once. */
export const verdictMutationOptions = () =>
  mutationOptions({
    mutationKey: deviceTestWriteKeys.verdict(),
    mutationFn: (variables: VerdictVariables) =>
      sendWrite(variables, (options) =>
        api.post<unknown>(
          apiPaths.deviceTestRunVerdicts(variables.run),
          {
            Item: variables.Item,
            Value: variables.Value,
            State: variables.State,
            Note: variables.Note,
            MadeAt: variables.MadeAt,
          },
          options,
        ),
      ),
    onSuccess: (_answer, variables, _result, { client }) =>
      client.invalidateQueries({ queryKey: deviceTestKeys.run(variables.run) }),
  });
