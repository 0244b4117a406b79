import type { Customer } from '@shared/customers/customers';
import type {
  ForwardCreateFormInput,
  ForwardUpdateFormInput,
  IntegrationCreateInput,
} from '@shared/forwards/forward-form';
import {
  FORWARD_PROTOCOL_IDS,
  INTEGRATION_TYPES,
  isCompatible,
  MESSAGE_TYPE_IDS,
} from '@shared/forwards/forward-kinds';
import { FORWARD_STATUS, MESSAGE_TYPE_LABELS, type Forward } from '@shared/forwards/forwards';
import { can, type Subject } from '@shared/access/permissions';
import type { Option } from '@app/components/form';

/** What the caller may do on the Forwards screen (spec 02 §6: Viewers get no buttons). */
export interface ForwardAccess {
  write: boolean;
  admin: boolean;
}

export const forwardAccess = (auth: Subject | null | undefined): ForwardAccess => ({
  write: can(auth, 'forwards.write'),
  admin: auth?.Role === 'Admin',
});

/** A forward of no customer is the provider's: only admins change it. */
export const mayChange = (access: ForwardAccess, forward: Forward) =>
  access.write && (forward.CustomerId !== null || access.admin);

export const isIntegration = (forward: Forward) =>
  forward.IntegrationType === INTEGRATION_TYPES.azureIotHub;

/**
 * The customer select: nothing chosen yet ('Customer is Required') and the spec's '--' choice
 * ('No Customer selected') before the customers.
 */
export const customerOptions = (customers: readonly Customer[]): Option<number | null>[] => [
  { value: null, label: 'Choose a customer' },
  { value: 0, label: '--' },
  ...customers.map((c) => ({ value: c.Id, label: c.Name })),
];

export const STATUS_OPTIONS: Option<number | null>[] = [
  { value: null, label: '--' },
  { value: 1, label: FORWARD_STATUS[1] },
  { value: 0, label: FORWARD_STATUS[0] },
];

export const MESSAGE_TYPE_OPTIONS: Option<number>[] = Object.entries(MESSAGE_TYPE_IDS).map(
  ([name, id]) => ({
    value: id,
    label: `${MESSAGE_TYPE_LABELS[name as keyof typeof MESSAGE_TYPE_LABELS]} (${name})`,
  }),
);

/**
 * The protocols; one that cannot carry every chosen message type is off, unless it is already
 * chosen (so it can be unticked, and the rule's message shows).
 */
export const protocolOptions = (
  messageTypes: readonly number[],
  chosen: readonly number[],
): Option<number>[] =>
  Object.entries(FORWARD_PROTOCOL_IDS).map(([name, id]) => ({
    value: id,
    label: name,
    disabled: !chosen.includes(id) && !messageTypes.every((type) => isCompatible(type, id)),
  }));

const idsOf = <T>(items: readonly T[], id: (item: T) => number) => items.map(id);

/** Add Forward starts empty: every rule shows once a field is touched. */
export const newForwardValues = (): ForwardCreateFormInput => ({
  CustomerId: null,
  Name: '',
  IP: '',
  Port: null,
  Username: '',
  Password: '',
  API_KEY: '',
  Auth: '',
  Status: 1,
  MessageTypes: [],
  Protocols: [],
});

/**
 * Update Forward: the stored values; secrets blank ('Leave blank to keep the same'), a username
 * the forward has none of blank too.
 */
export const forwardValues = (forward: Forward): ForwardUpdateFormInput => ({
  CustomerId: forward.CustomerId,
  Name: forward.Name,
  IP: forward.IP,
  Port: forward.Port,
  Username: forward.Username ?? '',
  Password: '',
  API_KEY: '',
  Auth: '',
  Status: forward.Status,
  MessageTypes: idsOf(forward.MessageTypes, (t) => t.MessageTypeId),
  Protocols: idsOf(forward.Protocols, (p) => p.ProtocolId),
});

export const integrationValues = (forward?: Forward): IntegrationCreateInput => ({
  CustomerId: forward?.CustomerId ?? null,
  Name: forward?.Name ?? '',
  Hostname: forward?.IP ?? '',
  SharedAccessKeyName: forward?.Username ?? '',
  SharedAccessKey: '',
});
