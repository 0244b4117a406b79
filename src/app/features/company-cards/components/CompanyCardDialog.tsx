import { useMutation, useQuery } from '@tanstack/react-query';
import { useSelector } from '@tanstack/react-form';
import * as v from 'valibot';
import {
  COMPANY_CARD_IN_USE,
  CompanyCardCreateSchema,
  CompanyCardUpdateSchema,
  type CompanyCard,
  type CompanyCardCreateInput,
} from '@shared/tacho/company-cards';
import type { Customer } from '@shared/customers/customers';
import { FormDialog, useAppForm } from '@app/components/form';
import { AlertIcon } from '@app/components/ui/icons';
import { customersQueryOptions } from '@app/lib/lookups';
import { customerAuthServersQueryOptions } from '@app/lib/lookups/auth-servers';
import {
  createCompanyCardMutationOptions,
  updateCompanyCardMutationOptions,
} from '@app/features/company-cards/api/company-cards';
import {
  authServerOptions,
  cardValues,
  changesCustomerInUse,
  customerOptions,
  newCardValues,
} from '@app/features/company-cards/model/company-card-form';

interface CompanyCardDialogProps {
  /** The card to change; none for 'New Company Card'. */
  card?: CompanyCard;
  /** The customer on screen: a new card starts as its. */
  customer: Pick<Customer, 'Id' | 'Name'>;
  onClose: () => void;
}

/**
 * 'Change CompanyCard' (spec 02 §5: CardNumber, CompanyName, ValidUntil, CustomerId and
 * AuthServerId all required) and 'New Company Card'. A card that serves devices keeps its
 * customer: choosing another shows the spec's alert and Save stays off. Mount it per opening.
 */
export function CompanyCardDialog({ card, customer, onClose }: CompanyCardDialogProps) {
  const customers = useQuery(customersQueryOptions());
  const update = useMutation(updateCompanyCardMutationOptions());
  const create = useMutation(createCompanyCardMutationOptions());
  const form = useAppForm({
    defaultValues: card ? cardValues(card) : (newCardValues(customer) as CompanyCardCreateInput),
    validators: { onChange: CompanyCardCreateSchema },
    onSubmit: async ({ value }) => {
      if (card) {
        // Devices left out: the devices modal changes them, this one keeps them.
        await update.mutateAsync({ id: card.Id, body: v.parse(CompanyCardUpdateSchema, value) });
      } else {
        await create.mutateAsync(v.parse(CompanyCardCreateSchema, value));
      }
      onClose();
    },
  });
  const customerId = useSelector(form.store, (s) => s.values.CustomerId);
  const inUse = changesCustomerInUse(card, customerId);
  const servers = useQuery({
    ...customerAuthServersQueryOptions(typeof customerId === 'number' ? customerId : 0),
    enabled: typeof customerId === 'number' && customerId > 0,
  });

  return (
    <FormDialog
      form={form}
      title={card ? 'Change CompanyCard' : 'New Company Card'}
      onClose={onClose}
      saveDisabled={inUse}
    >
      {inUse && (
        <p
          role="alert"
          className="mb-4 flex items-start gap-2 rounded-lg bg-rose-50 px-3 py-2.5 text-sm font-medium text-rose-900 ring-1 ring-rose-200"
        >
          <AlertIcon className="size-5 shrink-0 text-rose-600" />
          {COMPANY_CARD_IN_USE}
        </p>
      )}
      <div className="grid gap-x-4 gap-y-5 sm:grid-cols-2">
        <form.AppField name="CardNumber">
          {(field) => (
            <field.Text
              label="Card Number"
              autoFocus
              autoComplete="off"
              hint="14 to 16 letters and digits"
            />
          )}
        </form.AppField>
        <form.AppField name="CompanyName">
          {(field) => <field.Text label="Company Name" autoComplete="organization" />}
        </form.AppField>
        <form.AppField name="ValidUntil">
          {(field) => <field.Date label="Valid Until" />}
        </form.AppField>
        <form.AppField
          name="CustomerId"
          listeners={{
            // Servers are per customer: the chosen one may not be the new customer's.
            onChange: ({ value }) => {
              if (value !== card?.CustomerId || !card) form.setFieldValue('AuthServerId', null);
              else form.setFieldValue('AuthServerId', card.AuthServerId);
            },
          }}
        >
          {(field) => (
            <field.Select
              label="Customer"
              disabled={customers.isPending}
              options={customerOptions(customers.data ?? [])}
            />
          )}
        </form.AppField>
        <form.AppField name="AuthServerId">
          {(field) => (
            <field.Select
              label="Authentication Server"
              className="sm:col-span-2"
              disabled={servers.isFetching && !servers.data}
              options={authServerOptions(servers.data ?? [])}
              hint={
                servers.data?.length === 0
                  ? 'This customer has no authentication server yet'
                  : undefined
              }
            />
          )}
        </form.AppField>
      </div>
    </FormDialog>
  );
}
