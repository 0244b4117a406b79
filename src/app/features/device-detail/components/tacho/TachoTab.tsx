import type { DeviceDetail } from '@shared/devices/devices';
import { useDevicePermissions } from '@app/features/device-detail/model/permissions';
import { TACHO_SECTIONS } from '@app/features/device-detail/model/tacho-fields';
import { SettingsForm } from '@app/features/device-detail/components/common/SettingsForm';

/** Tacho settings (reading A of spec 01 §2.6): TachoType, the RDL address and the intervals. */
export function TachoTab({ device }: { device: DeviceDetail }) {
  const { canWrite } = useDevicePermissions();
  return (
    <SettingsForm
      device={device}
      sections={TACHO_SECTIONS}
      label="Tacho settings"
      canSave={canWrite}
      isDisabled={() => !canWrite}
    />
  );
}
