import { useState } from 'react';
import type { Device } from '@shared/devices/devices';
import { FormDialog, type Option } from '@app/components/form';
import { KEEP, type Choice } from '@app/features/devices/change-plan';
import {
  useChangeCustomerForm,
  type ChangeCustomerForm,
} from '@app/features/devices/use-change-customer-form';

const KEEP_OPTION: Option<Choice> = { value: KEEP, label: 'Keep current (they differ)' };
const NONE_OPTION: Option<Choice> = { value: null, label: '--' };

interface ChangeCustomerDialogProps {
  open: boolean;
  /** The devices to change; kept while the dialog fades out. */
  devices: Device[];
  isAdmin: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** The Change Customer modal of spec 02 (bulk from the footer, or one row's action). */
export function ChangeCustomerDialog(props: ChangeCustomerDialogProps) {
  // A new set of devices starts a new form from their shared values.
  const [devices, setDevices] = useState(props.devices);
  const [opening, setOpening] = useState(0);
  if (devices !== props.devices) {
    setDevices(props.devices);
    setOpening((n) => n + 1);
  }
  return <ChangeCustomerFormDialog key={opening} {...props} />;
}

function ChangeCustomerFormDialog({
  open,
  devices,
  isAdmin,
  onClose,
  onSaved,
}: ChangeCustomerDialogProps) {
  const change = useChangeCustomerForm(devices, isAdmin, onSaved);
  const { form } = change;
  const customerHint =
    typeof change.customerId === 'number'
      ? undefined
      : !isAdmin
        ? 'Choose the customer the devices move to.'
        : change.customerId === null
          ? 'The devices will have no customer.'
          : 'Each device keeps its customer and configuration.';

  return (
    <FormDialog
      form={form}
      open={open}
      title="Change Customer"
      onClose={onClose}
      saveDisabled={!change.canSave}
    >
      <div className="flex flex-col gap-4">
        <p className="text-sm text-slate-700">
          You are about to change {devices.length} device(s).
        </p>
        <form.AppField
          name="customerId"
          listeners={{
            onChange: ({ value }) => {
              form.setFieldValue('groupId', change.groupFor(value));
            },
          }}
        >
          {(field) => (
            <field.Select
              label="Customer"
              options={customerOptions(change)}
              disabled={change.customersLoading || change.saving}
              hint={customerHint}
            />
          )}
        </form.AppField>
        <form.AppField name="groupId">
          {(field) => (
            <field.Select
              label="Configuration"
              options={groupOptions(change)}
              disabled={!change.groupsOpen || change.saving}
            />
          )}
        </form.AppField>
        {!change.planning && change.steps.length === 0 && (
          <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
            The devices already have this customer and configuration.
          </p>
        )}
      </div>
    </FormDialog>
  );
}

/** 'Keep current' where the devices differ, '--' for none, then the customers. */
const customerOptions = (change: ChangeCustomerForm): Option<Choice>[] => [
  ...(change.offerKeep.customer ? [KEEP_OPTION] : []),
  NONE_OPTION,
  ...change.customers.map((c) => ({ value: c.Id, label: c.Name })),
];

const groupOptions = (change: ChangeCustomerForm): Option<Choice>[] => [
  ...(change.offerKeep.group ? [KEEP_OPTION] : []),
  NONE_OPTION,
  ...change.groups.map((g) => ({ value: g.Id, label: g.Name })),
];
