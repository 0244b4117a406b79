import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import * as v from 'valibot';
import {
  firmwareMassUpdated,
  FirmwareTargetSchema,
  type MassUpdateTarget,
} from '@shared/libraries/rollouts';
import { formValues, useAppForm } from '@app/components/form';
import { MassUpdateDialog, rolloutDevices, toastRolloutStarted } from '@app/features/rollouts';
import { customersQueryOptions } from '@app/lib/lookups';
import { firmwareLibraryQueryOptions } from '@app/features/firmware/api/firmwares';
import {
  customerOptions,
  firmwareOptions,
  MASS_UPDATE_TITLES,
  type MassUpdateKind,
} from '@app/features/firmware/model/mass-update-firmware';

/**
 * Mass Update Firmware / Mass Update Booter (spec 03 §2, §5, §7): a customer and a firmware of
 * the kind's flag, both starting on '--' (0); Submit only once both are chosen, then the review
 * of what would change and the rollout's options. A started rollout toasts the update's Message
 * with a link to it.
 */
export function MassUpdateFirmwareDialog({
  kind,
  onClose,
}: {
  kind: MassUpdateKind;
  onClose: () => void;
}) {
  const firmwares = useQuery(firmwareLibraryQueryOptions());
  const customers = useQuery(customersQueryOptions());
  const firmwareChoices = useMemo(
    () => firmwareOptions(firmwares.data ?? [], kind),
    [firmwares.data, kind],
  );
  const customerChoices = useMemo(() => customerOptions(customers.data ?? []), [customers.data]);
  const [target, setTarget] = useState<MassUpdateTarget | null>(null);
  const back = useCallback(() => {
    setTarget(null);
  }, []);
  const form = useAppForm({
    defaultValues: formValues(FirmwareTargetSchema, { Kind: kind, CustomerId: 0, FirmwareId: 0 }),
    validators: { onChange: FirmwareTargetSchema },
    onSubmit: ({ value }) => {
      setTarget(v.parse(FirmwareTargetSchema, value));
    },
  });

  return (
    <MassUpdateDialog
      title={MASS_UPDATE_TITLES[kind]}
      form={form}
      chooseLabel="Submit"
      target={target}
      onChangeTarget={back}
      onClose={onClose}
      onStarted={(rollout) => {
        toastRolloutStarted(
          firmwareMassUpdated(kind, rolloutDevices(rollout), rollout.Target),
          rollout,
        );
        onClose();
      }}
    >
      <div className="grid gap-x-4 gap-y-5 sm:grid-cols-2">
        <form.AppField name="CustomerId">
          {(field) => (
            <field.Select
              label="Customer"
              autoFocus
              disabled={customers.isPending}
              options={customerChoices}
              tooltip="The customer's devices are updated."
            />
          )}
        </form.AppField>
        <form.AppField name="FirmwareId">
          {(field) => (
            <field.Select
              label="Firmware"
              disabled={firmwares.isPending}
              options={firmwareChoices}
              tooltip={
                kind === 'firmware'
                  ? 'An application firmware (Type Firmware: Application).'
                  : 'A booter (Type Firmware: Booter).'
              }
            />
          )}
        </form.AppField>
      </div>
      <p className="mt-5 text-sm text-slate-600">
        Submit shows which devices would change before anything is sent. Devices of another device
        type than the firmware's are skipped.
      </p>
    </MassUpdateDialog>
  );
}
