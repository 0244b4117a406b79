import type { DeviceDetail } from '@shared/devices/devices';
import { useDevicePermissions } from '@app/features/device-detail/model/permissions';
import type { FieldSection, SettingField } from '@app/features/device-detail/model/setting-fields';
import {
  DRIVING_STYLE_LEVELS,
  LEVELS,
  LEVELS_SECTION_TITLE,
  THRESHOLD_V1_SECTIONS,
  THRESHOLD_V2_SECTIONS,
} from '@app/features/device-detail/model/threshold-fields';
import { SettingsForm } from '@app/features/device-detail/components/common/SettingsForm';

/** Each driving-style event as a row of its high, medium and low thresholds. */
function LevelRows({
  section,
  renderField,
}: {
  section: FieldSection;
  renderField: (field: SettingField) => React.ReactNode;
}) {
  return (
    <div className="space-y-4">
      {DRIVING_STYLE_LEVELS.map((event, row) => (
        <fieldset key={event.name} className="min-w-0">
          <legend className="mb-1.5 text-sm font-semibold text-slate-900">{event.label}</legend>
          <div className="grid grid-cols-3 gap-2 sm:gap-4">
            {section.fields.slice(row * LEVELS.length, (row + 1) * LEVELS.length).map(renderField)}
          </div>
        </fieldset>
      ))}
    </div>
  );
}

/**
 * Thresholds (spec 01 §3): driving-style levels for applicationVersion 0, unit-labelled
 * thresholds otherwise (read from the applied configuration, like the tab choice).
 */
export function ThresholdsTab({ device }: { device: DeviceDetail }) {
  const { canWrite } = useDevicePermissions();
  const legacy = device.CurrentConfig.applicationVersion === 0;
  return (
    <SettingsForm
      device={device}
      sections={legacy ? THRESHOLD_V1_SECTIONS : THRESHOLD_V2_SECTIONS}
      label="Thresholds"
      canSave={canWrite}
      isDisabled={() => !canWrite}
      renderSection={(section, renderField) =>
        section.title === LEVELS_SECTION_TITLE ? (
          <LevelRows section={section} renderField={renderField} />
        ) : (
          <div className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
            {section.fields.map(renderField)}
          </div>
        )
      }
    />
  );
}
