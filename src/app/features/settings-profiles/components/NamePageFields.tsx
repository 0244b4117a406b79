import { useQuery } from '@tanstack/react-query';
import { PROFILE_IN_USE_KEEPS_CUSTOMER } from '@shared/settings-profiles/settings-profiles';
import { withForm } from '@app/components/form';
import { customersQueryOptions } from '@app/lib/lookups';
import { PROFILE_FORM_SHAPE } from '@app/features/settings-profiles/model/form-shape';
import { SHARED_LABEL } from './settings-profile-columns';

/**
 * Page 3 (spec 03 §2): Name (at least 3 characters) and whose profile it is: shared with every
 * customer, or one customer's. A profile devices use keeps its customer (the server's rule).
 */
export const NamePageFields = withForm({
  defaultValues: PROFILE_FORM_SHAPE,
  props: { inUse: false },
  render: function NamePageFieldsRender({ form, inUse }) {
    const customers = useQuery(customersQueryOptions());
    return (
      <div className="grid max-w-2xl gap-x-4 gap-y-5 sm:grid-cols-2">
        <form.AppField name="Name">
          {(field) => (
            <field.Text
              label="Name"
              autoComplete="off"
              tooltip="At least 3 characters, unique enough to find it again."
            />
          )}
        </form.AppField>
        <form.AppField name="CustomerId">
          {(field) => (
            <field.Select
              label="Customer"
              disabled={customers.isPending || inUse}
              hint={
                inUse
                  ? PROFILE_IN_USE_KEEPS_CUSTOMER
                  : 'Shared: offered for every customer’s devices.'
              }
              options={[
                { value: null, label: `${SHARED_LABEL} (all customers)` },
                ...(customers.data ?? []).map((c) => ({ value: c.Id, label: c.Name })),
              ]}
            />
          )}
        </form.AppField>
      </div>
    );
  },
});
