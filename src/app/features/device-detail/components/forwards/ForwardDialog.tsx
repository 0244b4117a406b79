import { useMutation, useQuery } from '@tanstack/react-query';
import { useSelector } from '@tanstack/react-form';
import {
  DeviceForwardSchema,
  NO_FORWARD_PROTOCOL,
  type DeviceForward,
} from '@shared/forwards/forwards';
import { FormDialog, formValues, useAppForm } from '@app/components/form';
import { useBusy } from '@app/lib/busy';
import {
  createForwardMutationOptions,
  updateForwardMutationOptions,
} from '@app/features/device-detail/api/forwards';
import { customerForwardsQueryOptions } from '@app/lib/lookups/forwards';
import { forwardStatusLabel, messageTypeLabel } from './forward-format';

interface ForwardDialogProps {
  slot: DeviceForward | null;
  customerId: number | null;
  onClose: () => void;
}

export function ForwardDialog({ slot, customerId, onClose }: ForwardDialogProps) {
  // Keyed, so each opening starts with no forward chosen.
  return slot === null ? null : (
    <ForwardForm key={slot.MessageType} slot={slot} customerId={customerId} onClose={onClose} />
  );
}

/**
 * The forwards that carry this message type and belong to the device's customer (or to no
 * customer); the chosen one's address and status. The route's schema wants a forward, so Save
 * stays off until one is chosen (spec 01 §5).
 */
function ForwardForm({
  slot,
  customerId,
  onClose,
}: {
  slot: DeviceForward;
  customerId: number | null;
  onClose: () => void;
}) {
  const catalog = useQuery(customerForwardsQueryOptions(customerId));
  const busy = useBusy();
  const mutation = useMutation(
    slot.Protocol === NO_FORWARD_PROTOCOL
      ? createForwardMutationOptions()
      : updateForwardMutationOptions(),
  );
  const form = useAppForm({
    defaultValues: formValues(DeviceForwardSchema, {
      IMEI: slot.IMEI,
      MessageType: slot.MessageType,
      ForwardId: undefined,
    }),
    validators: { onChange: DeviceForwardSchema },
    onSubmit: async ({ value }) => {
      await mutation.mutateAsync({
        imei: slot.IMEI,
        MessageType: slot.MessageType,
        ForwardId: value.ForwardId ?? 0,
      });
      onClose();
    },
  });
  const chosen = useSelector(form.store, (state) => state.values.ForwardId);

  const fitting = (catalog.data ?? []).filter(
    (forward) =>
      forward.MessageTypes.some((type) => type.MessageType === slot.MessageType) &&
      (forward.CustomerId === null || forward.CustomerId === customerId),
  );
  const forward = fitting.find((f) => f.Id === chosen);

  return (
    <FormDialog
      form={form}
      title={`Forward for ${messageTypeLabel(slot.MessageType)}`}
      onClose={onClose}
      saveDisabled={busy}
    >
      <div className="space-y-4">
        <form.AppField name="ForwardId">
          {(field) => (
            <field.Select
              label="Forward"
              options={[
                { value: undefined, label: catalog.isPending ? 'Loading…' : '--' },
                ...fitting.map((f) => ({ value: f.Id, label: f.Name })),
              ]}
              hint={
                catalog.isSuccess && fitting.length === 0
                  ? 'No forward carries this message type.'
                  : undefined
              }
            />
          )}
        </form.AppField>
        {forward && (
          <dl className="grid gap-2 rounded-lg bg-slate-50 p-3 text-sm sm:grid-cols-3 sm:gap-3">
            {[
              ['IP', forward.IP],
              ['Port', String(forward.Port)],
              ['Status', forwardStatusLabel(forward.Status)],
            ].map(([term, value]) => (
              <div key={term} className="flex min-w-0 justify-between gap-3 sm:block">
                <dt className="text-xs font-semibold text-slate-600">{term}</dt>
                <dd className="text-right break-all text-slate-900 sm:text-left">{value}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </FormDialog>
  );
}
