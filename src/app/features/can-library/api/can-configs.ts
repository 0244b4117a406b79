import { queryOptions } from '@tanstack/react-query';
import { apiPaths } from '@shared/api/api-paths';
import type { CanConfig } from '@shared/libraries/can-library';
import { api } from '@app/lib/api-client';
import { canConfigKeys } from '@app/lib/lookups/libraries';

/**
 * Keys of the QTLibrarys screen, under the library's root (lib/lookups), where the device page
 * keeps its Protocol Code select of the active entries.
 */
export const canLibraryKeys = {
  ...canConfigKeys,
  write: () => [...canConfigKeys.all, 'write'] as const,
};

/** `GET canconfig/`: every entry, active or not, with its file's name, size and SHA-256. */
export const canLibraryQueryOptions = () =>
  queryOptions({
    queryKey: canLibraryKeys.list(),
    queryFn: ({ signal }) => api.get<CanConfig[]>(apiPaths.canConfigs, { signal }),
  });
