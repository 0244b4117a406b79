import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@tanstack/react-form';
import type { Device } from '@shared/devices/devices';
import { withForm } from '@app/components/form';
import { configurationGroupsQueryOptions, customersQueryOptions } from '@app/lib/lookups';
import { canConfigsQueryOptions, protocolLabel } from '@app/features/device-detail';
import {
  protocolChoices,
  type TestSettingsValues,
} from '@app/features/device-tests/model/test-settings-form';

/** Only types the form this part is given (withForm's way); the values are the dialog's. */
const FORM_SHAPE: TestSettingsValues = {};
const PROPS: { device: Device | null; currentProtocol: string | null } = {
  device: null,
  currentProtocol: null,
};

/** Customer, configuration group and CAN protocol, from the portal's lookups. */
export const TestConfigFields = withForm({
  defaultValues: FORM_SHAPE,
  props: PROPS,
  render: function TestConfigFieldsRender({ form, device, currentProtocol }) {
    const customerId = useSelector(form.store, (state) => state.values.CustomerId) ?? null;
    const customers = useQuery(customersQueryOptions());
    const groups = useQuery({
      ...configurationGroupsQueryOptions(customerId),
      enabled: customerId !== null,
    });
    const library = useQuery(canConfigsQueryOptions());
    const protocols = device
      ? protocolChoices(library.data ?? [], device, currentProtocol)
      : { options: [], locked: false };

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
        {/* Only what the device can take, by the device page's rule: a wrong choice would
            fail only after 'Save & start test'. */}
        <form.AppField name="Protocol">
          {(field) => (
            <field.Select
              label={protocolLabel('CAN protocol', protocols.locked)}
              disabled={library.isPending || protocols.locked}
              hint={
                protocols.locked
                  ? "This device's CAN version is too old to change its protocol."
                  : undefined
              }
              options={protocols.options}
            />
          )}
        </form.AppField>
      </div>
    );
  },
});
