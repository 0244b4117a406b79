import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import type { Customer } from '@shared/customers/customers';
import { can } from '@shared/access/permissions';
import { CANT_DELETE_YOURSELF } from '@shared/access/users';
import { ListPage, useClientList, type RowActions, type SearchBinding } from '@app/components/list';
import { Button } from '@app/components/ui/Button';
import { PlusIcon } from '@app/components/ui/icons';
import { customersQueryOptions } from '@app/lib/lookups';
import { useSession } from '@app/lib/use-session';
import { customerAccess } from '@app/features/customers/model/customer-form';
import { type CustomerFilter } from '@app/features/customers/model/customer-list-url';
import { CUSTOMER_SEARCH_FIELDS } from '@app/features/customers/model/customer-search';
import { customerColumns } from './customer-columns';
import { CustomerRowActions } from './CustomerRowActions';
import { DeactivateCustomerDialog } from './DeactivateCustomerDialog';

// The form kit loads with the first dialog opened, not with the list (spec 02's lists open often).
const CustomerDialog = lazy(() =>
  import('./CustomerDialog').then((m) => ({ default: m.CustomerDialog })),
);

const customerKey = (customer: Customer) => customer.Id;
const NOUN = { one: 'customer', many: 'customers' };
const EMPTY = { title: 'No customers found', text: 'There are no customers for your account.' };

type Editing = { kind: 'add' } | { kind: 'update'; customer: Customer } | null;

/**
 * /customers (spec 02 "Customers page"): the customers the caller sees, searched in the
 * browser on Name, Country or Reseller; 'New Customer', edit and delete for those who may.
 */
export function CustomersPage(binding: SearchBinding<CustomerFilter>) {
  const auth = useSession()?.auth;
  const access = useMemo(() => customerAccess(auth), [auth]);
  const list = useClientList(customersQueryOptions(), {
    ...binding,
    fields: CUSTOMER_SEARCH_FIELDS,
  });
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<Customer | null>(null);

  const onEdit = useCallback((customer: Customer) => {
    setEditing({ kind: 'update', customer });
  }, []);
  const onDelete = useCallback(
    (customer: Customer) => {
      // Spec 02 §6: nobody deletes their own customer, and the alert says so.
      if (!can(auth, 'customers.delete', { self: customer.Id === auth?.CustomerId })) {
        window.alert(CANT_DELETE_YOURSELF);
        return;
      }
      setRemoving(customer);
    },
    [auth],
  );
  const rowActions = useMemo<RowActions<Customer> | undefined>(
    () =>
      access.update || access.remove
        ? {
            width: access.update && access.remove ? 96 : 52,
            render: (customer, layout) => (
              <CustomerRowActions
                customer={customer}
                access={access}
                onEdit={onEdit}
                onDelete={onDelete}
                withLabel={layout === 'card'}
              />
            ),
          }
        : undefined,
    [access, onEdit, onDelete],
  );
  const close = () => {
    setEditing(null);
  };

  return (
    <ListPage
      title="Customers"
      actions={
        access.create && (
          <Button
            onClick={() => {
              setEditing({ kind: 'add' });
            }}
          >
            <PlusIcon className="size-4" />
            New Customer
          </Button>
        )
      }
      list={list}
      columns={customerColumns}
      rowKey={customerKey}
      noun={NOUN}
      empty={EMPTY}
      rowActions={rowActions}
    >
      <Suspense fallback={null}>
        {editing?.kind === 'add' && <CustomerDialog resellers={access.resellers} onClose={close} />}
        {editing?.kind === 'update' && (
          <CustomerDialog
            key={editing.customer.Id}
            customer={editing.customer}
            resellers={access.resellers}
            onClose={close}
          />
        )}
      </Suspense>
      <DeactivateCustomerDialog
        customer={removing}
        onClose={() => {
          setRemoving(null);
        }}
      />
    </ListPage>
  );
}
