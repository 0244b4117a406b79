import { useMutation, useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { firmwareFormSchema, type Firmware } from '@shared/libraries/firmware-library';
import { FIRMWARE_FILE } from '@shared/libraries/library-files';
import { FormDialog, fileLabel, useAppForm } from '@app/components/form';
import { chosenFile } from '@app/lib/multipart';
import { saveFirmwareMutationOptions } from '@app/features/firmware/api/firmware-mutations';
import { firmwareFlagsQueryOptions } from '@app/features/firmware/api/firmwares';
import {
  FIRMWARE_DEVICE_TYPE_OPTIONS,
  RELEASE_OPTIONS,
  STATUS_OPTIONS,
  firmwareValues,
  flagOptions,
  newFirmwareValues,
} from '@app/features/firmware/model/firmware-form';

// The image is required on create, optional on update (spec 03 §5); the rules are the server's.
const CREATE = firmwareFormSchema('create');
const UPDATE = firmwareFormSchema('update');

/**
 * Create Firmware / Edit Firmware (spec 03 "New Firmware dialog"): Version, Type (Release),
 * Device Type, Type Firmware, Status and the Firmware File; Close and Save Changes, which is off
 * while the form is invalid. The dialog closes once saved. Mount it per opening.
 */
export function FirmwareDialog({
  firmware,
  onClose,
}: {
  firmware?: Firmware;
  onClose: () => void;
}) {
  const flags = useQuery(firmwareFlagsQueryOptions());
  const save = useMutation(saveFirmwareMutationOptions());
  const rules = firmware ? UPDATE : CREATE;
  const form = useAppForm({
    defaultValues: firmware ? firmwareValues(firmware) : newFirmwareValues(),
    validators: { onChange: rules },
    onSubmit: async ({ value }) => {
      // Valid by now: parsing trims the version for the body.
      const { Firmware: image, ...fields } = v.parse(rules, value);
      await save.mutateAsync({ id: firmware?.Id, fields, file: chosenFile(image) });
      onClose();
    },
  });
  const current = firmware?.Filename ? fileLabel(firmware.Filename, firmware.Size) : undefined;

  return (
    <FormDialog
      form={form}
      title={firmware ? 'Edit Firmware' : 'Create Firmware'}
      size="lg"
      cancelLabel="Close"
      submitLabel="Save Changes"
      onClose={onClose}
    >
      <div className="grid gap-x-4 gap-y-5 sm:grid-cols-2">
        <form.AppField name="Version">
          {(field) => (
            <field.Text
              label="Version"
              autoFocus
              autoComplete="off"
              spellCheck={false}
              tooltip="6 to 8 characters, as devices report it (4.02.01)."
            />
          )}
        </form.AppField>
        <form.AppField name="Release">
          {(field) => <field.Select label="Type (Release)" options={RELEASE_OPTIONS} />}
        </form.AppField>
        <form.AppField name="DeviceType">
          {(field) => <field.Select label="Device Type" options={FIRMWARE_DEVICE_TYPE_OPTIONS} />}
        </form.AppField>
        <form.AppField name="FirmwareFlag">
          {(field) => (
            <field.Select
              label="Type Firmware"
              disabled={flags.isPending}
              options={flagOptions(flags.data ?? [])}
            />
          )}
        </form.AppField>
        <form.AppField name="Active">
          {(field) => <field.Select label="Status" options={STATUS_OPTIONS} />}
        </form.AppField>
        <form.AppField name="Firmware">
          {(field) => (
            <field.File
              label="Firmware File"
              className="sm:col-span-2"
              rule={FIRMWARE_FILE}
              current={current}
            />
          )}
        </form.AppField>
      </div>
    </FormDialog>
  );
}
