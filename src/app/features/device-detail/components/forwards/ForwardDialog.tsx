import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { NO_FORWARD_PROTOCOL, type DeviceForward } from '../../../../../shared/forwards';
import { Button } from '../../../../components/ui/Button';
import { Modal } from '../../../../components/ui/Modal';
import { useBusy } from '../../../../lib/busy';
import { createForwardMutationOptions, updateForwardMutationOptions } from '../../api/forwards';
import { forwardCatalogQueryOptions } from '../../api/lookups';
import { NONE_OPTION } from '../../model/options';
import { SelectField } from '../common/SelectField';
import { forwardStatusLabel, messageTypeLabel } from './forward-format';

interface ForwardDialogProps {
  slot: DeviceForward | null;
  customerId: number | null;
  onClose: () => void;
}

export function ForwardDialog({ slot, customerId, onClose }: ForwardDialogProps) {
  return (
    <Modal
      open={slot !== null}
      onClose={onClose}
      title={slot ? `Forward for ${messageTypeLabel(slot.MessageType)}` : 'Forward'}
    >
      {slot && (
        <ForwardForm key={slot.MessageType} slot={slot} customerId={customerId} onClose={onClose} />
      )}
    </Modal>
  );
}

/**
 * The forwards that carry this message type and belong to the device's customer (or to no
 * customer); the chosen one's address and status; Save stays off until one is chosen.
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
  const catalog = useQuery(forwardCatalogQueryOptions());
  const [chosen, setChosen] = useState('');
  const busy = useBusy();
  const create = slot.Protocol === NO_FORWARD_PROTOCOL;
  const mutation = useMutation(
    create ? createForwardMutationOptions() : updateForwardMutationOptions(),
  );

  const fitting = (catalog.data ?? []).filter(
    (forward) =>
      forward.MessageTypes.some((type) => type.MessageType === slot.MessageType) &&
      (forward.CustomerId === null || forward.CustomerId === customerId),
  );
  const forward = fitting.find((f) => String(f.Id) === chosen);

  return (
    <div className="space-y-4">
      <SelectField
        label="Forward"
        value={chosen}
        options={[
          { ...NONE_OPTION, label: catalog.isPending ? 'Loading…' : '--' },
          ...fitting.map((f) => ({ value: String(f.Id), label: f.Name })),
        ]}
        hint={
          catalog.isSuccess && fitting.length === 0
            ? 'No forward carries this message type.'
            : undefined
        }
        onChange={setChosen}
      />
      {forward && (
        <dl className="grid gap-2 rounded-lg bg-slate-50 p-3 text-sm sm:grid-cols-3 sm:gap-3">
          {[
            ['IP', forward.IP],
            ['Port', String(forward.Port)],
            ['Status', forwardStatusLabel(forward.Status)],
          ].map(([term, value]) => (
            <div key={term} className="flex min-w-0 justify-between gap-3 sm:block">
              <dt className="text-xs font-semibold text-slate-500">{term}</dt>
              <dd className="text-right break-all text-slate-900 sm:text-left">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button
          disabled={busy || !forward}
          loading={mutation.isPending}
          onClick={() => {
            if (!forward) return;
            mutation.mutate(
              { imei: slot.IMEI, MessageType: slot.MessageType, ForwardId: forward.Id },
              { onSuccess: onClose },
            );
          }}
        >
          Save
        </Button>
      </div>
    </div>
  );
}
