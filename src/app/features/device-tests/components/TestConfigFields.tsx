import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@tanstack/react-form';
import { withForm } from '../../../components/form';
import { configurationGroupsQueryOptions, customersQueryOptions } from '../../../lib/lookups';
import { canConfigsQueryOptions } from '../../device-detail';
import type { TestSettingsValues } from '../model/test-settings-form';

/** Only types the form this part is given (withForm's way); the values are the dialog's. */
const FORM_SHAPE: TestSettingsValues = {};

/** Customer, configuration group and CAN protocol, from the portal's lookups. */
export const TestConfigFields = withForm({
  defaultValues: FORM_SHAPE,
  render: function TestConfigFieldsRender({ form }) {
    const customerId = useSelector(form.store, (state) => state.values.CustomerId) ?? null;
    const customers = useQuery(customersQueryOptions());
    const groups = useQuery({
      ...configurationGroupsQueryOptions(customerId),
      enabled: customerId !== null,
    });
    const protocols = useQuery(canConfigsQueryOptions());

    return (
      <div className="grid gap-5">
        <form.AppField
          name="CustomerId"
          listeners={{
            // A group belongs to a customer (or to all): a new customer starts without one.
            onChange: () => {
              form.setFieldValue('ConfigurationGroupId', null);
            },
          }}
        >
          {(field) => (
            <field.Select
              label="Customer"
              disabled={customers.isPending}
              options={[
                { value: undefined, label: 'Choose a customer' },
                ...(customers.data ?? []).map((c) => ({ value: c.Id, label: c.Name })),
              ]}
            />
          )}
        </form.AppField>
        <form.AppField name="ConfigurationGroupId">
          {(field) => (
            <field.Select
              label="Configuration group"
              disabled={customerId === null || groups.isPending}
              hint={customerId === null ? 'Choose the customer first.' : undefined}
              options={[
                { value: null, label: 'No configuration group' },
                ...(groups.data ?? []).map((g) => ({ value: g.Id, label: g.Name })),
              ]}
            />
          )}
        </form.AppField>
        {/* The device's protocol may have been switched off in the library since: the select
            still shows it. */}
        <form.AppField name="Protocol">
          {(field) => (
            <field.Select
              label="CAN protocol"
              disabled={protocols.isPending}
              options={[
                { value: null, label: 'No CAN protocol' },
                ...(protocols.data ?? []).map((p) => ({
                  value: p.Protocol,
                  label: `${p.Protocol} – ${p.Name} (${p.Brand})`,
                })),
              ]}
            />
          )}
        </form.AppField>
      </div>
    );
  },
});
