import { useSelector } from '@tanstack/react-form';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Customer } from '@shared/customers/customers';
import { FormActions, formValues, useAppForm } from '@app/components/form';
import { Card } from '@app/components/ui/Card';
import { FormSkeleton, QueryError } from '@app/components/ui/QueryStates';
import {
  COUNTRY_OPTIONS,
  customerQueryOptions,
  updateCustomerMutationOptions,
  updateFormValues,
} from '@app/features/customers';
import { useCan } from '@app/lib/permissions';
import {
  AccountCustomerSchema,
  accountCustomerValues,
  customerEdited,
} from '@app/features/account/model/customer';

/** Customer (spec 02 "Account page"): the signed-in user's own customer. */
export function CustomerTab({ customerId }: { customerId: number }) {
  const customer = useQuery(customerQueryOptions(customerId));
  return (
    <Card title="Customer details">
      {customer.isPending ? (
        <FormSkeleton label="Loading your customer" fields={3} />
      ) : customer.isError ? (
        <QueryError title="Your customer could not be loaded" query={customer} />
      ) : (
        // A new stored version (saved elsewhere, refetched) starts the form afresh.
        <CustomerForm
          key={JSON.stringify(accountCustomerValues(customer.data))}
          customer={customer.data}
        />
      )}
    </Card>
  );
}

/**
 * Name, Country and Email of one's own customer; the update sends the rest of the customer as
 * stored (`PUT customers/{id}` takes the whole customer). Viewers see it without Save.
 */
function CustomerForm({ customer }: { customer: Customer }) {
  const mayEdit = useCan('account.update');
  const update = useMutation(updateCustomerMutationOptions());
  const form = useAppForm({
    defaultValues: formValues(AccountCustomerSchema, accountCustomerValues(customer)),
    validators: { onChange: AccountCustomerSchema },
    onSubmit: async ({ value }) => {
      const saved = await update.mutateAsync({
        id: customer.Id,
        body: { ...updateFormValues(customer), ...value },
      });
      form.reset(accountCustomerValues(saved));
    },
  });
  const edited = useSelector(form.store, (state) => customerEdited(state.values, customer));
  const locked = !mayEdit;

  return (
    <form.AppForm>
      <form.Form aria-label="Customer" className="grid max-w-xl gap-5">
        <form.AppField name="name">
          {(field) => (
            <field.Text label="Name" autoComplete="organization" maxLength={50} disabled={locked} />
          )}
        </form.AppField>
        <form.AppField name="country">
          {(field) => <field.Select label="Country" options={COUNTRY_OPTIONS} disabled={locked} />}
        </form.AppField>
        <form.AppField name="Email">
          {(field) => (
            <field.Text
              label="Email"
              type="email"
              autoComplete="email"
              hint="Where the customer is reached; optional."
              disabled={locked}
            />
          )}
        </form.AppField>
        <FormActions note={locked ? 'Viewers have read-only access.' : undefined}>
          {mayEdit && <form.SubmitButton disabled={!edited} />}
        </FormActions>
      </form.Form>
    </form.AppForm>
  );
}
