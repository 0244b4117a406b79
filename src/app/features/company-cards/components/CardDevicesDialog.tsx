import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { CompanyCard } from '@shared/tacho/company-cards';
import { CheckListField, InputField } from '@app/components/form';
import { Button } from '@app/components/ui/Button';
import { Modal } from '@app/components/ui/Modal';
import { QueryError, TableSkeleton } from '@app/components/ui/QueryStates';
import {
  companyCardQueries,
  updateCompanyCardMutationOptions,
} from '@app/features/company-cards/api/company-cards';
import {
  deviceLabel,
  matchingDevices,
  mergeVisibleChoice,
  withDevices,
} from '@app/features/company-cards/model/company-card-form';

/**
 * The devices a card serves (spec 02 "Customer detail", the 'Device' button): a searchable
 * checklist of the card's customer's devices, saved with `PUT companycards/{id}` and its Devices.
 */
export function CardDevicesDialog({ card, onClose }: { card: CompanyCard; onClose: () => void }) {
  const devices = useQuery(companyCardQueries.devices(card.CustomerId));
  const save = useMutation(updateCompanyCardMutationOptions());
  const [chosen, setChosen] = useState<string[]>(card.Devices);
  const [text, setText] = useState('');
  const visible = useMemo(() => matchingDevices(devices.data ?? [], text), [devices.data, text]);
  const visibleImeis = visible.map((d) => d.IMEI);
  const changed = [...chosen].sort().join() !== [...card.Devices].sort().join();

  return (
    <Modal
      open
      onClose={save.isPending ? () => undefined : onClose}
      title={`Devices of card ${card.CardNumber}`}
      size="lg"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ id: card.Id, body: withDevices(card, chosen) }, { onSuccess: onClose });
      }}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={!changed || save.isPending} loading={save.isPending}>
            Save
          </Button>
        </>
      }
    >
      <p className="mb-3 text-sm text-slate-600">
        {card.CompanyName} · {chosen.length} device{chosen.length === 1 ? '' : 's'} chosen
      </p>
      <InputField
        label="Search devices"
        type="search"
        value={text}
        placeholder="IMEI, name or SN"
        autoComplete="off"
        onChange={(event) => {
          setText(event.target.value);
        }}
        className="mb-4"
      />
      {devices.isPending ? (
        <TableSkeleton label="Loading the customer's devices" />
      ) : devices.isError ? (
        <QueryError title="The devices could not be loaded" query={devices} />
      ) : (
        <CheckListField<string>
          label={`Devices of ${card.Customer ?? 'the customer'}`}
          value={chosen.filter((imei) => visibleImeis.includes(imei))}
          options={visible.map((d) => ({ value: d.IMEI, label: deviceLabel(d) }))}
          emptyText={text ? 'No devices match the search' : 'This customer has no devices'}
          onChange={(next) => {
            setChosen(mergeVisibleChoice(chosen, visibleImeis, next));
          }}
        />
      )}
    </Modal>
  );
}
