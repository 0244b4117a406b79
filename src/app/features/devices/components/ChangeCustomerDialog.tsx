import type { Device } from '../../../../shared/devices';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { KEEP, type Choice } from '../change-plan';
import { useChangeCustomerForm } from '../use-change-customer-form';
import { SelectField } from './SelectField';

const FORM_ID = 'change-customer-form';
const NONE = '';
const toValue = (choice: Choice) => (choice === null ? NONE : String(choice));
const fromValue = (value: string): Choice =>
  value === NONE ? null : value === KEEP ? KEEP : Number(value);
const KEEP_LABEL = 'Keep current (they differ)';

interface ChangeCustomerDialogProps {
  open: boolean;
  /** The devices to change; kept while the dialog fades out. */
  devices: Device[];
  isAdmin: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** The Change Customer modal of spec 02 (bulk from the footer, or one row's action). */
export function ChangeCustomerDialog({
  open,
  devices,
  isAdmin,
  onClose,
  onSaved,
}: ChangeCustomerDialogProps) {
  const form = useChangeCustomerForm(devices, isAdmin);
  const customerHint =
    typeof form.customerId === 'number'
      ? undefined
      : !isAdmin
        ? 'Choose the customer the devices move to.'
        : form.customerId === null
          ? 'The devices will have no customer.'
          : 'Each device keeps its customer and configuration.';

  return (
    <Modal
      open={open}
      onClose={form.saving ? () => undefined : onClose}
      title="Change Customer"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={form.saving}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} disabled={!form.canSave} loading={form.saving}>
            Save
          </Button>
        </>
      }
    >
      <form
        id={FORM_ID}
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (form.canSave) form.save(onSaved);
        }}
      >
        <p className="text-sm text-slate-700">
          You are about to change {devices.length} device(s).
        </p>
        <SelectField
          label="Customer"
          value={toValue(form.customerId)}
          disabled={form.customersLoading || form.saving}
          hint={customerHint}
          onChange={(e) => {
            form.chooseCustomer(fromValue(e.target.value));
          }}
        >
          {form.offerKeep.customer && <option value={KEEP}>{KEEP_LABEL}</option>}
          <option value={NONE}>--</option>
          {form.customers.map((c) => (
            <option key={c.Id} value={c.Id}>
              {c.Name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Configuration"
          value={toValue(form.groupId)}
          disabled={!form.groupsOpen || form.saving}
          onChange={(e) => {
            form.chooseGroup(fromValue(e.target.value));
          }}
        >
          {form.offerKeep.group && <option value={KEEP}>{KEEP_LABEL}</option>}
          <option value={NONE}>--</option>
          {form.groups.map((g) => (
            <option key={g.Id} value={g.Id}>
              {g.Name}
            </option>
          ))}
        </SelectField>
        {!form.planning && form.steps.length === 0 && (
          <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600">
            The devices already have this customer and configuration.
          </p>
        )}
      </form>
    </Modal>
  );
}
