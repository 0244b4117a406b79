import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { DeviceTestSettingsBody } from '../../../../shared/device-tests';
import { canConfigsQueryOptions } from '../../device-detail/api/lookups';
import {
  configurationGroupsOfCustomerQueryOptions,
  customersQueryOptions,
} from '../../devices/api/lookups';
import { SelectField } from '../../devices/components/SelectField';
import { settingsBody, type FormErrors, type TestSettingsForm } from '../model/test-settings-form';

const NONE = '';
const toId = (value: string) => (value === NONE ? null : Number(value));

/** The modal's form state; `validBody()` shows the errors and answers null when invalid. */
export function useTestConfigForm(imei: string, initial: TestSettingsForm, userId: number | null) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  return {
    values,
    errors,
    // A group belongs to a customer (or to all): a new customer starts without one.
    setCustomer: (customerId: number | null) => {
      setValues((v) => ({ ...v, customerId, configurationGroupId: null }));
      setErrors((e) => ({ ...e, CustomerId: undefined }));
    },
    setGroup: (configurationGroupId: number | null) => {
      setValues((v) => ({ ...v, configurationGroupId }));
    },
    setProtocol: (protocol: string | null) => {
      setValues((v) => ({ ...v, protocol }));
    },
    validBody: (): DeviceTestSettingsBody | null => {
      const result = settingsBody(imei, values, userId);
      if ('errors' in result) {
        setErrors(result.errors);
        return null;
      }
      setErrors({});
      return result.body;
    },
  };
}

export type TestConfigForm = ReturnType<typeof useTestConfigForm>;

/** Customer, configuration group and CAN protocol, from the portal's lookups. */
export function TestConfigFields({ form }: { form: TestConfigForm }) {
  const { values, errors } = form;
  const customers = useQuery(customersQueryOptions());
  const groups = useQuery(configurationGroupsOfCustomerQueryOptions(values.customerId));
  const protocols = useQuery(canConfigsQueryOptions());
  // The device's protocol may have been switched off in the library since; still show it.
  const protocolListed =
    values.protocol === null || protocols.data?.some((p) => p.Protocol === values.protocol);

  return (
    <div className="grid gap-5">
      <div>
        <SelectField
          label="Customer"
          value={values.customerId === null ? NONE : String(values.customerId)}
          disabled={customers.isPending}
          invalid={Boolean(errors.CustomerId)}
          onChange={(e) => {
            form.setCustomer(toId(e.target.value));
          }}
        >
          <option value={NONE}>Choose a customer</option>
          {customers.data?.map((c) => (
            <option key={c.Id} value={c.Id}>
              {c.Name}
            </option>
          ))}
        </SelectField>
        {errors.CustomerId && (
          <p role="alert" className="mt-1.5 text-sm text-rose-600">
            {errors.CustomerId}
          </p>
        )}
      </div>
      <SelectField
        label="Configuration group"
        value={values.configurationGroupId === null ? NONE : String(values.configurationGroupId)}
        disabled={values.customerId === null || groups.isPending}
        hint={values.customerId === null ? 'Choose the customer first.' : undefined}
        onChange={(e) => {
          form.setGroup(toId(e.target.value));
        }}
      >
        <option value={NONE}>No configuration group</option>
        {groups.data?.map((g) => (
          <option key={g.Id} value={g.Id}>
            {g.Name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="CAN protocol"
        value={values.protocol ?? NONE}
        disabled={protocols.isPending}
        onChange={(e) => {
          form.setProtocol(e.target.value === NONE ? null : e.target.value);
        }}
      >
        <option value={NONE}>No CAN protocol</option>
        {!protocolListed && values.protocol !== null && (
          <option value={values.protocol}>{values.protocol}</option>
        )}
        {protocols.data?.map((p) => (
          <option key={p.Id} value={p.Protocol}>
            {p.Protocol} – {p.Name} ({p.Brand})
          </option>
        ))}
      </SelectField>
    </div>
  );
}
