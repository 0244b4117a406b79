import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { CompanyCard } from '@shared/tacho/company-cards';
import type { Customer } from '@shared/customers/customers';
import { ResponsiveTable, formatListDay, type Column } from '@app/components/list/table';
import { Button } from '@app/components/ui/Button';
import { EmptyState } from '@app/components/ui/EmptyState';
import { InboxIcon, PencilIcon, PlusIcon } from '@app/components/ui/icons';
import { QueryError, TableSkeleton } from '@app/components/ui/QueryStates';
import { focusRingInset } from '@app/components/ui/focus';
import { TabCard } from '@app/components/ui/TabCard';
import { useCan } from '@app/lib/permissions';
import { companyCardQueries } from '@app/features/company-cards/api/company-cards';

// The form kit loads with the first dialog opened, not with the panel.
const CompanyCardDialog = lazy(() =>
  import('./CompanyCardDialog').then((m) => ({ default: m.CompanyCardDialog })),
);
const CardDevicesDialog = lazy(() =>
  import('./CardDevicesDialog').then((m) => ({ default: m.CardDevicesDialog })),
);

const Named = ({ id, name }: { id: number; name: string | null }) => (
  <span className="tabular-nums">
    {id}
    {name && <span className="ml-2 text-xs text-slate-500">{name}</span>}
  </span>
);

const columns: readonly Column<CompanyCard>[] = [
  { header: 'Customer ID', cell: (c) => <Named id={c.CustomerId} name={c.Customer} /> },
  {
    header: 'Authentication Server ID',
    cell: (c) => <Named id={c.AuthServerId} name={c.AuthServer} />,
  },
  { header: 'Card Number', className: 'font-mono text-xs', cell: (c) => c.CardNumber },
  { header: 'Company Name', cell: (c) => c.CompanyName },
  {
    header: 'Valid Until',
    className: 'tabular-nums whitespace-nowrap',
    cell: (c) => (
      <span className={Date.parse(c.ValidUntil) < Date.now() ? 'font-medium text-rose-700' : ''}>
        {formatListDay(c.ValidUntil)}
      </span>
    ),
  },
  { header: 'Devices', className: 'tabular-nums', cell: (c) => c.Devices.length },
];

const cardKey = (card: CompanyCard) => card.Id;

/**
 * The spec's two edit buttons, 'Device' and 'Customer', 44 px high; their names say which card
 * ('Device, card C010…'), starting with the visible text.
 */
function CardButton({
  text,
  card,
  onClick,
}: {
  text: 'Device' | 'Customer';
  card: CompanyCard;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={`${text}, card ${card.CardNumber}`}
      className={`inline-flex h-11 items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-brand-700 ring-1 ring-slate-200 ring-inset hover:bg-brand-50 ${focusRingInset}`}
    >
      <PencilIcon className="size-4.5 shrink-0" />
      {text}
    </button>
  );
}

type Editing = { kind: 'devices' | 'customer'; card: CompanyCard } | { kind: 'new' } | null;

/**
 * The customer detail's 'Company Cards' tab (spec 02): the customer's cards with the 'Device'
 * and 'Customer' edit buttons (not for Viewers), and 'New Company Card' for admins.
 */
export function CompanyCardsPanel({ customer }: { customer: Pick<Customer, 'Id' | 'Name'> }) {
  const cards = useQuery(companyCardQueries.ofCustomer(customer.Id));
  const mayEdit = useCan('companyCards.write');
  const mayCreate = useCan('companyCards.manage');
  const [editing, setEditing] = useState<Editing>(null);
  const close = () => {
    setEditing(null);
  };

  return (
    <TabCard
      title="Company Cards"
      actions={
        mayCreate && (
          <Button
            onClick={() => {
              setEditing({ kind: 'new' });
            }}
          >
            <PlusIcon className="size-4" />
            New Company Card
          </Button>
        )
      }
    >
      {cards.isPending ? (
        <TableSkeleton label="Loading the company cards" />
      ) : cards.isError ? (
        <QueryError title="The company cards could not be loaded" query={cards} />
      ) : cards.data.length === 0 ? (
        <EmptyState icon={InboxIcon} title="No company cards found">
          This customer has no company card for remote downloads yet.
        </EmptyState>
      ) : (
        <ResponsiveTable
          label="Company Cards"
          columns={columns}
          rows={cards.data}
          rowKey={cardKey}
          actions={
            mayEdit
              ? (card) => (
                  <>
                    <CardButton
                      text="Device"
                      card={card}
                      onClick={() => {
                        setEditing({ kind: 'devices', card });
                      }}
                    />
                    <CardButton
                      text="Customer"
                      card={card}
                      onClick={() => {
                        setEditing({ kind: 'customer', card });
                      }}
                    />
                  </>
                )
              : undefined
          }
        />
      )}
      <Suspense fallback={null}>
        {editing?.kind === 'devices' && (
          <CardDevicesDialog key={editing.card.Id} card={editing.card} onClose={close} />
        )}
        {editing?.kind === 'customer' && (
          <CompanyCardDialog
            key={editing.card.Id}
            card={editing.card}
            customer={customer}
            onClose={close}
          />
        )}
        {editing?.kind === 'new' && <CompanyCardDialog customer={customer} onClose={close} />}
      </Suspense>
    </TabCard>
  );
}
