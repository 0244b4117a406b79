import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@tanstack/react-form';
import { TACHO_REQUEST_DAYS_RANGE, type Customer } from '@shared/customers/customers';
import { can } from '@shared/access/permissions';
import { withForm } from '@app/components/form';
import { customersQueryOptions, featuresQueryOptions } from '@app/lib/lookups';
import { useSession } from '@app/lib/use-session';
import { rtdIntegrationsQueryOptions } from '@app/features/customers/api/customers';
import {
  COUNTRY_OPTIONS,
  featureOptions,
  resellerOptions,
  type CustomerFormValues,
} from '@app/features/customers/model/customer-form';

/** Only types the form this part is given (withForm's way); the values are the dialog's. */
const FORM_SHAPE: CustomerFormValues = {};
const PROPS: { customer: Customer | undefined; resellers: boolean } = {
  customer: undefined,
  resellers: false,
};

/** The fields of Add Customer and Update Customer, in spec 02's order. */
export const CustomerFields = withForm({
  defaultValues: FORM_SHAPE,
  props: PROPS,
  render: function CustomerFieldsRender({ form, customer, resellers }) {
    const auth = useSession()?.auth;
    const features = useQuery(featuresQueryOptions());
    const customers = useQuery({ ...customersQueryOptions(), enabled: resellers });
    const integrations = useQuery(rtdIntegrationsQueryOptions());
    const integrated = useSelector(form.store, (state) => state.values.RTDIntegration) ?? false;
    const maxName = customer ? 50 : 25;
    // A choice that makes another field required shows that field's message at once, so a
    // disabled Save is never a riddle.
    const touch = (name: 'resellerId' | 'RTDIntegrationId' | 'RTDIntCustId') => {
      form.setFieldMeta(name, (meta) => ({ ...meta, isTouched: true }));
    };

    return (
      <div className="grid gap-x-4 gap-y-5 sm:grid-cols-2">
        <form.AppField name="name">
          {(field) => (
            <field.Text
              label="Name"
              autoFocus
              autoComplete="off"
              tooltip={`3 to ${String(maxName)} characters.`}
            />
          )}
        </form.AppField>
        <form.AppField name="Email">
          {(field) => <field.Text label="Email" type="email" autoComplete="off" />}
        </form.AppField>
        <form.AppField name="country">
          {(field) => (
            <field.Select
              label="Country"
              options={COUNTRY_OPTIONS}
              className={customer ? 'sm:col-span-2' : undefined}
            />
          )}
        </form.AppField>
        {customer ? null : (
          <form.AppField name="start">{(field) => <field.Date label="Start date" />}</form.AppField>
        )}
        {resellers && (
          <>
            <form.AppField name="resellerId">
              {(field) => (
                <field.Select
                  label="Main reseller"
                  tooltip="Required when Reseller is checked."
                  disabled={customers.isPending}
                  options={resellerOptions(customers.data ?? [], customer?.Id)}
                />
              )}
            </form.AppField>
            <form.AppField
              name="isReseller"
              listeners={{
                onChange: ({ value }) => {
                  if (value) touch('resellerId');
                },
              }}
            >
              {(field) => <field.Checkbox label="Reseller" />}
            </form.AppField>
          </>
        )}
        <form.AppField name="features">
          {(field) => (
            <field.MultiSelect
              label="Features"
              className="sm:col-span-2"
              emptyText={features.isPending ? 'Loading features…' : 'There are no features yet.'}
              options={auth ? featureOptions(features.data ?? [], auth, customer?.FeatureIds) : []}
            />
          )}
        </form.AppField>
        <form.AppField name="RTDInterval">
          {(field) => <field.Number label="RTDInterval (2 to 60 days)" unit="days" />}
        </form.AppField>
        {can(auth, 'screens.tacho') && (
          <form.AppField name="TachoRequestDays">
            {(field) => (
              <field.Number
                label="Tacho request threshold"
                unit="days"
                tooltip={`Below this many days left, the portal requests a tachograph download by itself (${String(TACHO_REQUEST_DAYS_RANGE.min)} to ${String(TACHO_REQUEST_DAYS_RANGE.max)} days).`}
              />
            )}
          </form.AppField>
        )}
        <form.AppField
          name="RTDIntegration"
          listeners={{
            onChange: ({ value }) => {
              if (!value) return;
              touch('RTDIntegrationId');
              touch('RTDIntCustId');
            },
          }}
        >
          {(field) => <field.Toggle label="RTDIntegration" />}
        </form.AppField>
        {integrated && (
          <>
            <form.AppField name="RTDIntegrationId">
              {(field) => (
                <field.Select
                  label="Integration type"
                  disabled={integrations.isPending}
                  options={[
                    { value: 0, label: integrations.isPending ? 'Loading…' : '--' },
                    ...(integrations.data ?? []).map((i) => ({ value: i.Id, label: i.Name })),
                  ]}
                />
              )}
            </form.AppField>
            <form.AppField name="RTDIntCustId">
              {(field) => <field.Text label="Customer integration id" autoComplete="off" />}
            </form.AppField>
          </>
        )}
      </div>
    );
  },
});
