import { useMutation } from '@tanstack/react-query';
import * as v from 'valibot';
import { canConfigFormSchema, type CanConfig } from '@shared/libraries/can-library';
import { CAN_CONFIG_FILE } from '@shared/libraries/library-files';
import { FormDialog, fileLabel, useAppForm } from '@app/components/form';
import { DEVICE_TYPE_OPTIONS } from '@app/lib/lookups/libraries';
import { chosenFile } from '@app/lib/multipart';
import { saveCanConfigMutationOptions } from '@app/features/can-library/api/can-config-mutations';
import {
  canConfigValues,
  newCanConfigValues,
} from '@app/features/can-library/model/can-config-form';

// The file is required on create, optional on update (spec 03 §5); the rules are the server's.
const CREATE = canConfigFormSchema('create');
const UPDATE = canConfigFormSchema('update');

/**
 * New QTLibrary / Edit QTLibrary (spec 03 §2, §5): the entry's fields and its configuration
 * file. Save is off while the form is invalid; the server's 400 lands on the fields. Mount it
 * per opening.
 */
export function CanConfigDialog({ entry, onClose }: { entry?: CanConfig; onClose: () => void }) {
  const save = useMutation(saveCanConfigMutationOptions());
  const rules = entry ? UPDATE : CREATE;
  const form = useAppForm({
    defaultValues: entry ? canConfigValues(entry) : newCanConfigValues(),
    validators: { onChange: rules },
    onSubmit: async ({ value }) => {
      // Valid by now: parsing trims the texts for the body.
      const { Config, ...fields } = v.parse(rules, value);
      await save.mutateAsync({ id: entry?.Id, fields, file: chosenFile(Config) });
      onClose();
    },
  });
  const current = entry?.Filename ? fileLabel(entry.Filename, entry.Size) : undefined;

  return (
    <FormDialog
      form={form}
      title={entry ? 'Edit QTLibrary' : 'New QTLibrary'}
      size="lg"
      cancelLabel="Close"
      submitLabel="Save Changes"
      onClose={onClose}
    >
      <div className="grid gap-x-4 gap-y-5 sm:grid-cols-2">
        <form.AppField name="Protocol">
          {(field) => (
            <field.Text
              label="Protocol"
              autoFocus
              autoComplete="off"
              spellCheck={false}
              tooltip="The protocol code devices are set to: 6 to 10 characters."
            />
          )}
        </form.AppField>
        <form.AppField name="Version">
          {(field) => (
            <field.Text label="Version" autoComplete="off" tooltip="Up to 10 characters." />
          )}
        </form.AppField>
        <form.AppField name="Brand">
          {(field) => <field.Text label="Brand" autoComplete="off" />}
        </form.AppField>
        <form.AppField name="Name">
          {(field) => <field.Text label="Name" autoComplete="off" tooltip="3 to 50 characters." />}
        </form.AppField>
        <form.AppField name="DeviceType">
          {(field) => <field.Select label="Device Type" options={DEVICE_TYPE_OPTIONS} />}
        </form.AppField>
        <form.AppField name="Active">
          {(field) => (
            <field.Toggle
              label="Active"
              tooltip="Only active entries are offered on devices; one per protocol and device type."
            />
          )}
        </form.AppField>
        <form.AppField name="Config">
          {(field) => (
            <field.File
              label="Config File"
              className="sm:col-span-2"
              rule={CAN_CONFIG_FILE}
              current={current}
            />
          )}
        </form.AppField>
      </div>
    </FormDialog>
  );
}
