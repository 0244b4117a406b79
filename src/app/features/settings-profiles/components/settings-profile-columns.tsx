import {
  NO_FIRMWARE_SYNC,
  NO_FIRMWARE_SYNC_LABEL,
} from '@shared/settings-profiles/settings-profile-fields';
import type { SettingsProfile } from '@shared/settings-profiles/settings-profiles';
import type { ListColumn } from '@app/components/list';

/** Shared profiles (no customer) serve every customer. */
export const SHARED_LABEL = 'Shared';

/** 'No firmware sync' for 0 (spec 03 §2), else the application firmware's version. */
export const firmwareText = (profile: SettingsProfile): string =>
  profile.applicationVersion === NO_FIRMWARE_SYNC
    ? NO_FIRMWARE_SYNC_LABEL
    : (profile.Firmware ?? String(profile.applicationVersion));

/** The count, or '-' when the answer has none (spec 03 §2). */
const devicesOf = (profile: SettingsProfile): string | number =>
  typeof profile.devices === 'number' ? profile.devices : '-';

/** Spec 03 "Settings Profiles": Name, Customer, Firmware, Devices, all sortable. */
export const PROFILE_COLUMNS: readonly ListColumn<SettingsProfile>[] = [
  {
    id: 'name',
    header: 'Name',
    card: 'title',
    sortable: true,
    minWidth: 200,
    text: (p) => p.Name,
  },
  {
    id: 'customer',
    header: 'Customer',
    card: 'subtitle',
    sortable: true,
    minWidth: 160,
    text: (p) => p.Customer ?? SHARED_LABEL,
  },
  {
    id: 'firmware',
    header: 'Firmware',
    sortable: true,
    width: 170,
    text: firmwareText,
  },
  {
    id: 'devices',
    header: 'Devices',
    sortable: true,
    width: 104,
    className: 'tabular-nums',
    text: devicesOf,
    sortValue: (p) => (typeof p.devices === 'number' ? p.devices : null),
  },
];
