import { useQuery } from '@tanstack/react-query';
import { isNoProfile } from '@shared/devices/device-settings';
import type { DeviceDetail } from '@shared/devices/devices';
import { settingsProfilesQueryOptions } from '@app/features/device-detail/api/lookups';
import { NONE_OPTION } from '@app/features/device-detail/model/options';
import { useDevicePermissions } from '@app/features/device-detail/model/permissions';
import { configuredVinHint } from '@app/features/device-detail/model/vin';
import {
  ANTENNA_SETTING,
  DEVICE_SETTING_SECTIONS,
  PROFILE_SETTING,
  VIN_SETTING,
  type FieldSection,
  type SettingField,
} from '@app/features/device-detail/model/setting-fields';
import { Notice } from '@app/components/ui/Notice';
import { SettingsForm } from '@app/features/device-detail/components/common/SettingsForm';

export const NOT_IN_SYNC = 'Device is not in sync';

/**
 * Settings (spec 01 §2.6): the profile select and the device settings. A chosen profile (any
 * but '--') locks the settings it manages; the GNSS antenna stays free for all but viewers.
 */
export function SettingsTab({ device }: { device: DeviceDetail }) {
  const { canWrite } = useDevicePermissions();
  const profiles = useQuery(settingsProfilesQueryOptions(device.CustomerId));

  const profileField: SettingField = {
    name: PROFILE_SETTING,
    label: 'Settings profile',
    kind: 'choice',
    options: [
      NONE_OPTION,
      ...(profiles.data ?? []).map((profile) => ({ value: profile.Id, label: profile.Name })),
    ],
    // '--' is sent as an empty value (spec 01 §5); the empty GUID reads as '--' too.
    normalise: (value) => (isNoProfile(value) ? '' : value),
  };
  const sections: FieldSection[] = [
    {
      title: 'Settings profile',
      fields: [profileField],
      wide: true,
      note: 'While a profile is applied, it manages the settings below (all but the GNSS antenna).',
    },
    ...DEVICE_SETTING_SECTIONS,
  ];

  return (
    <SettingsForm
      device={device}
      sections={sections}
      label="Settings"
      canSave={canWrite}
      header={!device.InSync && <Notice>{NOT_IN_SYNC}</Notice>}
      // The VIN here is the one the device is told; beside it, the one it reports.
      hintFor={(field, value) =>
        field.name === VIN_SETTING ? configuredVinHint(device.State.VIN, value) : undefined
      }
      isDisabled={(field, values) => {
        if (!canWrite) return true;
        if (field.name === ANTENNA_SETTING || field.name === PROFILE_SETTING) return false;
        return !isNoProfile(values[PROFILE_SETTING]);
      }}
    />
  );
}
