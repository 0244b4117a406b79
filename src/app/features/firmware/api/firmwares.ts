import { queryOptions } from '@tanstack/react-query';
import { apiPaths } from '@shared/api/api-paths';
import type { Firmware } from '@shared/libraries/firmware-library';
import type { FirmwareFlag } from '@shared/libraries/libraries';
import { api } from '@app/lib/api-client';
import { LOOKUP_STALE_MS } from '@app/lib/lookups';
import { firmwareKeys } from '@app/lib/lookups/libraries';

/**
 * Keys of the Firmware screen, under the firmware's root (lib/lookups), where the device page
 * keeps its firmware selects of the active entries.
 */
export const firmwareLibraryKeys = {
  ...firmwareKeys,
  write: () => [...firmwareKeys.all, 'write'] as const,
};

/** `GET AddonBoardFW/`: every firmware, newest first, with its image's name, size and SHA-256. */
export const firmwareLibraryQueryOptions = () =>
  queryOptions({
    queryKey: firmwareLibraryKeys.list(),
    queryFn: ({ signal }) => api.get<Firmware[]>(apiPaths.firmwares, { signal }),
  });

/** `GET AddonBoardFW/flags/`: the firmware types (1 Booter, 2 Application). */
export const firmwareFlagsQueryOptions = () =>
  queryOptions({
    queryKey: firmwareLibraryKeys.flags(),
    queryFn: ({ signal }) => api.get<FirmwareFlag[]>(apiPaths.firmwareFlags, { signal }),
    staleTime: LOOKUP_STALE_MS,
  });
