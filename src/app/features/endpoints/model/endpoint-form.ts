import type { Auth } from '@shared/access/auth';
import type { Customer } from '@shared/customers/customers';
import {
  ENDPOINT_PROTOCOLS,
  HTTP_PROTOCOL,
  TCP_PROTOCOL,
  type Endpoint,
} from '@shared/forwards/endpoints';
import { can } from '@shared/access/permissions';
import type { Option } from '@app/components/form';

/**
 * The values of Create Endpoint and Update Endpoint: the body of both calls. CustomerId null is
 * "none chosen" ('No Customer selected'), except on a shared endpoint, where it keeps it shared.
 */
export interface EndpointFormValues {
  CustomerId: number | null;
  Name: string;
  URL: string;
  Protocol: number;
}

export const newEndpointValues = (): EndpointFormValues => ({
  CustomerId: null,
  Name: '',
  URL: '',
  Protocol: HTTP_PROTOCOL,
});

export const endpointValues = (endpoint: Endpoint): EndpointFormValues => ({
  CustomerId: endpoint.CustomerId,
  Name: endpoint.Name,
  URL: endpoint.URL,
  Protocol: endpoint.Protocol,
});

/** 'HTTP' or 'TCP' (spec 01 §9); an unknown code as its number. */
export const protocolName = (protocol: number): string =>
  protocol === HTTP_PROTOCOL || protocol === TCP_PROTOCOL
    ? ENDPOINT_PROTOCOLS[protocol]
    : String(protocol);

export const PROTOCOL_OPTIONS: Option<number>[] = [
  { value: HTTP_PROTOCOL, label: 'HTTP' },
  { value: TCP_PROTOCOL, label: 'TCP' },
];

/** What each protocol's URL looks like, as the field's placeholder. */
export const URL_PLACEHOLDER: Record<number, string> = {
  [HTTP_PROTOCOL]: 'https://ingest.example.com/api/messages',
  [TCP_PROTOCOL]: 'tcp://198.51.100.20:5001',
};

export const SHARED_LABEL = 'Shared (every customer)';

/** The customer select: '--' (none) or, for a shared endpoint, 'Shared', then the customers. */
export const customerOptions = (
  customers: readonly Customer[],
  shared: boolean,
): Option<number | null>[] => [
  { value: null, label: shared ? SHARED_LABEL : '--' },
  ...customers.map((c) => ({ value: c.Id, label: c.Name })),
];

export interface EndpointAccess {
  /** 'New Endpoint', edit and delete of the caller's endpoints (spec 02 §6: not Viewers). */
  write: boolean;
  /** Edit and delete of shared endpoints (no customer): admins. */
  shared: boolean;
}

export const endpointAccess = (auth: Auth | undefined): EndpointAccess => ({
  write: can(auth, 'endpoints.write'),
  shared: can(auth, 'endpoints.shared'),
});

/** May the caller change (edit, remove) this endpoint? */
export const mayChange = (access: EndpointAccess, endpoint: Endpoint): boolean =>
  access.write && (endpoint.CustomerId !== null || access.shared);
