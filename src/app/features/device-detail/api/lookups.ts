import { queryOptions } from '@tanstack/react-query';
import { apiPaths } from '@shared/api/api-paths';
import type { SettingsProfile } from '@shared/forwards/endpoints';
import type { CanConfig, Firmware } from '@shared/libraries/libraries';
import { api } from '@app/lib/api-client';
import { LOOKUP_STALE_MS } from '@app/lib/lookups';
import { deviceDetailKeys } from './keys';

export const settingsProfilesQueryOptions = (customerId: number | null) =>
  queryOptions({
    queryKey: deviceDetailKeys.settingsProfiles(customerId),
    queryFn: ({ signal }) =>
      api.get<SettingsProfile[]>(
        customerId === null
          ? apiPaths.settingsProfiles
          : apiPaths.settingsProfilesOfCustomer(customerId),
        { signal },
      ),
    staleTime: LOOKUP_STALE_MS,
  });

/** Active library entries only: switched-off protocols and firmware are not offered anew. */
export const canConfigsQueryOptions = () =>
  queryOptions({
    queryKey: deviceDetailKeys.canConfigs(),
    queryFn: ({ signal }) => api.get<CanConfig[]>(apiPaths.activeCanConfigs, { signal }),
    staleTime: LOOKUP_STALE_MS,
  });

export const firmwaresQueryOptions = () =>
  queryOptions({
    queryKey: deviceDetailKeys.firmwares(),
    queryFn: ({ signal }) => api.get<Firmware[]>(apiPaths.activeFirmwares, { signal }),
    staleTime: LOOKUP_STALE_MS,
  });
