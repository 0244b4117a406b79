import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@tanstack/react-form';
import type { ReactNode } from 'react';
import { FIRMWARE_FLAGS } from '@shared/devices/constants';
import {
  PROFILE_CHOICE_NAMES,
  PROFILE_INTERVALS,
  PROFILE_TOGGLE_NAMES,
  PROFILE_TOGGLES,
} from '@shared/settings-profiles/settings-profile-fields';
import { withForm } from '@app/components/form';
import { firmwareLibraryQueryOptions } from '@app/features/firmware';
import { PROFILE_FORM_SHAPE } from '@app/features/settings-profiles/model/form-shape';
import {
  CHOICE_LABELS,
  choiceOptions,
  firmwareOptions,
  INTERVAL_LABELS,
} from '@app/features/settings-profiles/model/page-options';

/** A titled group of page 1, set off from the one before by a rule. */
function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="border-t border-slate-200 pt-5 first:border-0 first:pt-0">
      <fieldset className="min-w-0">
        <legend className="mb-3 text-sm font-semibold text-slate-900">{title}</legend>
        {children}
      </fieldset>
    </div>
  );
}

/**
 * Page 1 Settings (spec 03 §2): the firmware selects ('No firmware sync' = 0), every checkbox,
 * select and interval of the profile, starting on §9's defaults for a new one.
 */
export const SettingsPageFields = withForm({
  defaultValues: PROFILE_FORM_SHAPE,
  render: function SettingsPageFieldsRender({ form }) {
    const firmwares = useQuery(firmwareLibraryQueryOptions());
    const application = useSelector(form.store, (state) => state.values.applicationVersion);
    const booter = useSelector(form.store, (state) => state.values.BooterVersion);
    const all = firmwares.data ?? [];

    return (
      <div className="grid gap-6">
        <Group title="Firmware">
          <div className="grid gap-x-4 gap-y-5 sm:grid-cols-2">
            <form.AppField name="applicationVersion">
              {(field) => (
                <field.Select
                  label="Firmware"
                  disabled={firmwares.isPending}
                  options={firmwareOptions(all, FIRMWARE_FLAGS.Application, application)}
                  tooltip="Devices of the firmware's device type are updated to this application version."
                />
              )}
            </form.AppField>
            <form.AppField name="BooterVersion">
              {(field) => (
                <field.Select
                  label="Booter"
                  disabled={firmwares.isPending}
                  options={firmwareOptions(all, FIRMWARE_FLAGS.Booter, booter)}
                />
              )}
            </form.AppField>
          </div>
        </Group>
        <Group title="Functions">
          <div className="grid gap-x-6 sm:grid-cols-2 lg:grid-cols-3">
            {PROFILE_TOGGLE_NAMES.map((name) => (
              <form.AppField key={name} name={name}>
                {(field) => <field.Checkbox label={PROFILE_TOGGLES[name][1]} />}
              </form.AppField>
            ))}
          </div>
        </Group>
        <Group title="Outputs and inputs">
          <div className="grid gap-x-4 gap-y-5 sm:grid-cols-2 lg:grid-cols-3">
            {PROFILE_CHOICE_NAMES.map((name) => (
              <form.AppField key={name} name={name}>
                {(field) => (
                  <field.Select label={CHOICE_LABELS[name]} options={choiceOptions(name)} />
                )}
              </form.AppField>
            ))}
          </div>
        </Group>
        <Group title="Message intervals">
          <div className="grid gap-x-4 gap-y-5 sm:grid-cols-2 lg:grid-cols-4">
            {PROFILE_INTERVALS.map((name) => (
              <form.AppField key={name} name={name}>
                {(field) => <field.Number label={INTERVAL_LABELS[name]} unit="s" />}
              </form.AppField>
            ))}
          </div>
        </Group>
      </div>
    );
  },
});
