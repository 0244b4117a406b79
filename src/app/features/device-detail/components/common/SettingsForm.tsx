import { useSelector } from '@tanstack/react-form';
import type { ReactNode } from 'react';
import type { DeviceDetail } from '@shared/devices/devices';
import { errorText, FormActions, useAppForm } from '@app/components/form';
import { Card } from '@app/components/ui/Card';
import { useBusy } from '@app/lib/busy';
import { saveSettingsMutationOptions } from '@app/features/device-detail/api/settings';
import { settingsChange } from '@app/features/device-detail/model/setting-snapshot';
import { DeviceOutboxNotice, useDeviceWrite } from '@app/features/outbox';
import { useQueuedSettings } from '@app/features/device-detail/model/queued-values';
import { SETTINGS_KINDS } from '@app/features/device-detail/offline-writes';
import { appliedHint } from '@app/features/device-detail/model/applied';
import { configValues } from '@app/features/device-detail/model/config-values';
import {
  appliedPair,
  changedSettings,
  changeIssue,
  initialValues,
  type FormValues,
} from '@app/features/device-detail/model/changes';
import {
  displayValue,
  type FieldSection,
  type SettingField,
} from '@app/features/device-detail/model/setting-fields';
import { SettingInput } from './SettingInput';

export interface SettingsFormProps {
  device: DeviceDetail;
  sections: readonly FieldSection[];
  label: string;
  canSave: boolean;
  /** Whether a field is locked, given the form's current values. */
  isDisabled: (field: SettingField, values: FormValues) => boolean;
  /** Above the sections: a warning, a banner. */
  header?: ReactNode;
  /** A line under a field, given its current value (what the device reports, say). */
  hintFor?: (field: SettingField, value: string) => string | undefined;
  /** Renders a section's fields itself (a levels grid, say); the default is a two-column grid. */
  renderSection?: (
    section: FieldSection,
    renderField: (field: SettingField) => ReactNode,
  ) => ReactNode;
}

/**
 * A form over device settings: fields start from the pending configuration, show the applied
 * value in brackets where it differs, are checked by the shared rules, and Save sends only what
 * changed (`POST devices/settings/{imei}`). Remounted by its parent when the pending values change.
 */
export function SettingsForm(props: SettingsFormProps) {
  // The installer's own changes still in the outbox show as if saved (they will be).
  const queued = useQueuedSettings(props.device.IMEI);
  const pending = { ...configValues(props.device.NewConfig), ...queued };
  const fields = props.sections.flatMap((section) => section.fields);
  const initial = initialValues(fields, pending);
  // A new pending configuration (after Save, or a queued change) restarts the form from it.
  return (
    <SettingsFormBody
      key={JSON.stringify(initial)}
      {...props}
      initial={initial}
      pending={pending}
      queued={queued}
    />
  );
}

interface BodyProps extends SettingsFormProps {
  initial: FormValues;
  pending: Record<string, string>;
  queued: Record<string, string>;
}

function SettingsFormBody({
  device,
  sections,
  label,
  canSave,
  isDisabled,
  header,
  hintFor,
  renderSection,
  initial,
  pending,
  queued,
}: BodyProps) {
  const busy = useBusy();
  const write = useDeviceWrite(saveSettingsMutationOptions);
  const applied = configValues(device.CurrentConfig);
  const fields = sections.flatMap((section) => section.fields);

  const form = useAppForm({
    defaultValues: initial,
    validators: {
      // The shared rule of each changed value; a stored value nobody touched is not judged.
      onChange: ({ value }) => {
        const issues = fields.flatMap((field) => {
          const issue = changeIssue(field, initial, value[field.name] ?? '');
          return issue ? [[field.name, issue] as const] : [];
        });
        return issues.length > 0 ? { fields: Object.fromEntries(issues) } : undefined;
      },
    },
    // A failure is toasted by the api client; the form keeps the user's values.
    onSubmit: async ({ value }) => {
      const settings = changedSettings(fields, initial, value);
      if (settings.length > 0) await write.submit(settingsChange(device, settings, queued));
    },
  });
  const values = useSelector(form.store, (state) => state.values);
  const changes = changedSettings(fields, initial, values);

  const renderField = (field: SettingField) => (
    <form.Field key={field.name} name={field.name}>
      {(api) => {
        const value = api.state.value;
        const pair = appliedPair(field, pending, applied);
        return (
          <SettingInput
            field={field}
            value={value}
            onChange={api.handleChange}
            onBlur={() => {
              if (field.onBlurValue) api.handleChange(field.onBlurValue(api.state.value));
              api.handleBlur();
            }}
            applied={appliedHint(pair.pending, pair.applied, (v) => displayValue(field, v))}
            error={errorText(api.state.meta.errors[0])}
            hint={hintFor?.(field, value)}
            disabled={isDisabled(field, values)}
          />
        );
      }}
    </form.Field>
  );

  return (
    <form.AppForm>
      <form.Form aria-label={label}>
        {header}
        <DeviceOutboxNotice imei={device.IMEI} kinds={SETTINGS_KINDS} />
        <div className="grid items-start gap-4 xl:grid-cols-2">
          {sections.map((section) => (
            <Card
              key={section.title}
              title={section.title}
              className={section.wide ? 'xl:col-span-2' : ''}
            >
              {renderSection ? (
                renderSection(section, renderField)
              ) : (
                <div
                  className={`grid gap-x-6 gap-y-4 sm:grid-cols-2 ${section.wide ? 'xl:grid-cols-4' : ''}`}
                >
                  {section.fields.map(renderField)}
                </div>
              )}
              {section.note && <p className="mt-3 text-sm text-slate-500">{section.note}</p>}
            </Card>
          ))}
        </div>
        <FormActions
          backTo="/devices"
          note={changes.length > 0 ? `${changes.length} unsaved change(s)` : undefined}
        >
          {canSave && <form.SubmitButton disabled={busy || changes.length === 0} />}
        </FormActions>
      </form.Form>
    </form.AppForm>
  );
}
