import type { Firmware } from '@shared/libraries/firmware-library';
import type { FirmwareFlag } from '@shared/libraries/libraries';
import { wordsField, type ClientFields } from '@app/components/list/model';
import { formatListDate } from '@app/components/list/table';
import { activeSearchWords } from '@app/lib/lookups/libraries';
import type { FirmwareFilter } from './firmware-list-url';

/** Spec 03 §3: Release (true) or Test version (false). */
export const releaseText = (release: boolean): string => (release ? 'Release' : 'Test version');

/** The firmware flag's name (Booter, Application); 'No Flag' when the list has none of that Id. */
export const flagName = (flags: readonly FirmwareFlag[], id: number): string =>
  flags.find((flag) => flag.Id === id)?.Flag ?? 'No Flag';

/** What each filter of /firmware searches: the texts the table shows (dates DD-MM-YYYY HH:mm). */
export const FIRMWARE_SEARCH_FIELDS: ClientFields<Firmware, FirmwareFilter> = {
  Version: (f) => f.Version,
  Filename: (f) => f.Filename,
  Release: (f) => releaseText(f.Release),
  Created: (f) => formatListDate(f.Created),
  Active: wordsField(activeSearchWords),
};
