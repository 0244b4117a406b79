import { useQuery } from '@tanstack/react-query';
import type { DeviceDetail } from '@shared/devices/devices';
import { configurationGroupsQueryOptions, customersQueryOptions } from '@app/lib/lookups';
import {
  canConfigsQueryOptions,
  firmwaresQueryOptions,
  settingsProfilesQueryOptions,
} from '@app/features/device-detail/api/lookups';
import {
  NONE_OPTION,
  firmwareLocked,
  firmwareOptions,
  protocolOptions,
  type Option,
} from '@app/features/device-detail/model/options';

/** The device's own entry stays listed even when the lookup does not (yet) include it. */
function withCurrent(options: Option[], id: number | null, name: string | null): Option[] {
  if (id === null || options.some((o) => o.value === String(id))) return options;
  return [...options, { value: String(id), label: name ?? String(id) }];
}

/**
 * The choices of the Information tab. Customers and groups are only fetched for users who may
 * change them (resellers); others see the device's own entries.
 */
export function useInformationOptions(
  device: DeviceDetail,
  customerId: string,
  canAssign: boolean,
) {
  const customers = useQuery({ ...customersQueryOptions(), enabled: canAssign });
  const groups = useQuery({
    ...configurationGroupsQueryOptions(customerId === '' ? null : Number(customerId)),
    enabled: canAssign && customerId !== '',
  });
  const profiles = useQuery(settingsProfilesQueryOptions(device.CustomerId));
  const canConfigs = useQuery(canConfigsQueryOptions());
  const firmwares = useQuery(firmwaresQueryOptions());

  const sameCustomer = customerId === String(device.CustomerId ?? '');
  return {
    customers: withCurrent(
      [NONE_OPTION, ...(customers.data ?? []).map((c) => ({ value: String(c.Id), label: c.Name }))],
      device.CustomerId,
      device.Customer,
    ),
    groups: withCurrent(
      [NONE_OPTION, ...(groups.data ?? []).map((g) => ({ value: String(g.Id), label: g.Name }))],
      sameCustomer ? device.ConfigurationGroupId : null,
      device.ConfigurationGroup,
    ),
    protocols: protocolOptions(
      canConfigs.data ?? [],
      device.DeviceType,
      device.NewConfig.ProtocolCode,
    ),
    firmwares: firmwareOptions(firmwares.data ?? [], device.DeviceType, device.NewConfig.Firmware),
    firmwareLocked: firmwareLocked(device, profiles.data),
  };
}
