import type { AuthServer, AuthServerCreateInput } from '@shared/access/auth-servers';
import { AUTH_SERVER_STATUS } from '@shared/access/auth-servers-list';
import type { Customer } from '@shared/customers/customers';
import type { Option } from '@app/components/form';

/** The customer select: nothing chosen yet, then the customers. */
export const customerOptions = (customers: readonly Customer[]): Option<number | null>[] => [
  { value: null, label: 'Choose a customer' },
  ...customers.map((c) => ({ value: c.Id, label: c.Name })),
];

export const STATUS_OPTIONS: Option<number | null>[] = [
  { value: 1, label: AUTH_SERVER_STATUS[1] },
  { value: 0, label: AUTH_SERVER_STATUS[0] },
];

export const statusText = (status: number): string => AUTH_SERVER_STATUS[status === 1 ? 1 : 0];

/** 'New Authentication Server' starts empty (status up); every rule shows once touched. */
export const newAuthServerValues = (): AuthServerCreateInput => ({
  customerId: null,
  name: '',
  ip: '',
  devicePort: null,
  port: null,
  username: '',
  password: '',
  status: 1,
});

/** Edit: the stored values; the password blank ('Leave blank to keep the same'). */
export const authServerValues = (server: AuthServer): AuthServerCreateInput => ({
  customerId: server.CustomerId,
  name: server.Name,
  ip: server.IP,
  devicePort: server.DevicePort,
  port: server.Port,
  username: server.Username ?? '',
  password: '',
  status: server.Status,
});
