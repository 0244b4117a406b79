import * as v from 'valibot';
import {
  allCompatible,
  AZURE_IOT_HUB_SUFFIX,
  FORWARD_PROTOCOL_IDS,
  isCompatible,
  MESSAGE_TYPE_IDS,
} from './forward-kinds';
import { SECRET_MASK } from './forwards';
import { MAX_SERIAL_ID } from './ids';

/**
 * The Add Forward / Update Forward forms and the integration modal (spec 02 §5): one set of
 * schemas for the client's forms and the server's bodies. Messages the spec quotes are quoted
 * exactly (its capital R in 'Required' included); the others are ours.
 */

export const CUSTOMER_REQUIRED = 'Customer is Required';
export const NO_CUSTOMER_SELECTED = 'No Customer selected';
export const NAME_REQUIRED = 'Name is Required';
export const NAME_TOO_SHORT = 'Name must be at least 3 characters';
export const NAME_TOO_LONG = 'Name must be 100 characters or less';
export const IP_REQUIRED = 'IP(Address) is Required';
export const IP_INVALID = 'Enter an IP address or a host name';
export const PORT_REQUIRED = 'Port is Required';
export const PORT_NOT_A_NUMBER = 'Port must be a number';
export const PORT_TOO_HIGH = 'Port must be less than 65535';
export const PORT_TOO_LOW = 'Port must be at least 1';
export const USERNAME_REQUIRED = 'Username is Required';
export const PASSWORD_REQUIRED = 'Password is Required';
export const API_KEY_REQUIRED = 'API_KEY is Required';
export const AUTH_REQUIRED = 'Auth is Required';
export const STATUS_REQUIRED = 'Status is Required';
export const NO_MESSAGE_TYPES = 'No MessageTypes selected';
export const NO_PROTOCOLS = 'No Protocols selected';
export const NOT_COMPATIBLE = 'MessageTypes and Protocols are not compatible';
export const UNKNOWN_MESSAGE_TYPE = 'Choose message types from the list';
export const UNKNOWN_PROTOCOL = 'Choose protocols from the list';
export const ONE_PROTOCOL = 'A forward sends with one protocol: choose one';
export const TOO_LONG = 'Must be 1000 characters or less';
export const HOSTNAME_REQUIRED = 'Hostname is Required';
export const HOSTNAME_NOT_AZURE = `The hostname must be an Azure IoT hub: {hub}${AZURE_IOT_HUB_SUFFIX}`;
export const KEY_NAME_REQUIRED = 'Shared access key name is Required';
export const KEY_REQUIRED = 'Shared access key is Required';

/** The hint under a secret of the edit forms (spec 02 §5 "User update" uses the same words). */
export const KEEP_SECRET_HINT = 'Leave blank to keep the same';
/** Spec 02 "Forwards page": the warning shown near the list and in the forward dialog. */
export const CELLO_WARNING = 'Cello only works with the RT message type';
/** The port an integration's forward sends to (MQTT over TLS of an Azure IoT hub). */
export const AZURE_IOT_HUB_PORT = 443;

/**
 * Why a protocol is off for some message types, from the compatibility rule:
 * 'Wialon IPS only works with the RT message type'. Null when it takes every message type.
 */
export function protocolLimit(protocolId: number): string | null {
  const name = Object.entries(FORWARD_PROTOCOL_IDS).find(([, id]) => id === protocolId)?.[0];
  const types = Object.entries(MESSAGE_TYPE_IDS).filter(([, id]) => isCompatible(id, protocolId));
  if (types.length === Object.keys(MESSAGE_TYPE_IDS).length) return null;
  const names = types.map(([type]) => type).join(', ');
  return `${name ?? `Protocol ${String(protocolId)}`} only works with the ${names} message type${types.length === 1 ? '' : 's'}`;
}

const MESSAGE_TYPE_ID_LIST: readonly number[] = Object.values(MESSAGE_TYPE_IDS);
const PROTOCOL_ID_LIST: readonly number[] = Object.values(FORWARD_PROTOCOL_IDS);

/** Text fields: trimmed; absent or null reads as empty, so it gets the field's own message. */
const text = (required: string, max = 1000, tooLong = TOO_LONG) =>
  v.pipe(
    v.optional(v.nullable(v.string(required)), ''),
    v.transform((value) => (value ?? '').trim()),
    v.nonEmpty(required),
    v.maxLength(max, tooLong),
  );

const DOTTED_QUAD = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HOST_LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i;

/**
 * An IPv4 address, an IPv6 address (hex groups and colons, no zone) or a DNS host name whose
 * last label is not all digits (so '127.1' is no name). The server checks where it points.
 */
export function isHostOrAddress(value: string): boolean {
  if (DOTTED_QUAD.test(value)) return true;
  if (value.includes(':'))
    return /^[0-9a-f:.]{2,45}$/i.test(value) && value.split('::').length <= 2;
  const labels = value.replace(/\.$/, '').split('.');
  return (
    value.length <= 253 &&
    labels.every((label) => HOST_LABEL.test(label)) &&
    !/^\d+$/.test(labels.at(-1) ?? '')
  );
}

const host = (required: string) =>
  v.pipe(text(required, 253, IP_INVALID), v.check(isHostOrAddress, IP_INVALID));

/**
 * The customer select: none chosen yet (absent, null) is 'Customer is Required', the '--' choice
 * (0) or anything else that is no customer id 'No Customer selected'.
 */
const customerId = v.pipe(
  v.optional(v.nullable(v.number(NO_CUSTOMER_SELECTED)), null),
  v.check((id) => id !== null, CUSTOMER_REQUIRED),
  v.check(
    (id) => id === null || (Number.isInteger(id) && id >= 1 && id <= MAX_SERIAL_ID),
    NO_CUSTOMER_SELECTED,
  ),
  v.transform((id) => id as number),
  v.metadata({ idKind: 'customer', idUse: 'object' }),
);

const name = v.pipe(text(NAME_REQUIRED, 100, NAME_TOO_LONG), v.minLength(3, NAME_TOO_SHORT));

/** The form's number field gives null for empty and NaN for text; JSON gives anything. */
const port = v.pipe(
  v.optional(v.unknown(), null),
  v.check((value) => value !== undefined && value !== null && value !== '', PORT_REQUIRED),
  v.check((value) => typeof value === 'number' && Number.isInteger(value), PORT_NOT_A_NUMBER),
  v.transform((value) => value as number),
  v.minValue(1, PORT_TOO_LOW),
  v.maxValue(65535, PORT_TOO_HIGH),
);

const status = v.pipe(
  v.optional(v.nullable(v.number(STATUS_REQUIRED)), null),
  v.check((value) => value === 0 || value === 1, STATUS_REQUIRED),
  v.transform((value) => value as number),
);

/** A list of known ids, each once, in ascending order. */
const idList = (known: readonly number[], none: string, unknown: string) =>
  v.pipe(
    v.optional(v.nullable(v.array(v.number(unknown), unknown)), []),
    v.transform((ids) => ids ?? []),
    v.check((ids) => ids.length > 0, none),
    v.check((ids) => ids.every((id) => known.includes(id)), unknown),
    v.transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
  );

const isBlankSecret = (value: string | null | undefined) =>
  value == null || value.trim() === '' || value === SECRET_MASK;

/** A secret of a new forward: required; kept as typed (no trimming), never the mask. */
const newSecret = (required: string) =>
  v.pipe(
    v.optional(v.nullable(v.string(required)), ''),
    v.check((value) => !isBlankSecret(value), required),
    v.transform((value) => value as string),
    v.maxLength(1000, TOO_LONG),
  );

/** A secret on update: blank, absent or the mask keeps the stored one (undefined). */
const changedSecret = v.pipe(
  v.optional(v.nullable(v.string(TOO_LONG)), ''),
  v.check((value) => (value ?? '').length <= 1000, TOO_LONG),
  v.transform((value) => (isBlankSecret(value) ? undefined : (value as string))),
);

const COMPATIBILITY_FIELDS = [['MessageTypes'], ['Protocols']] as const;
const areCompatible = (input: { MessageTypes: number[]; Protocols: number[] }) =>
  allCompatible(input.MessageTypes, input.Protocols);

const COMMON = {
  CustomerId: customerId,
  Name: name,
  IP: host(IP_REQUIRED),
  Port: port,
  Username: text(USERNAME_REQUIRED, 200),
  Status: status,
  MessageTypes: idList(MESSAGE_TYPE_ID_LIST, NO_MESSAGE_TYPES, UNKNOWN_MESSAGE_TYPE),
};

const FORWARD_EXAMPLE = {
  CustomerId: 1,
  Name: 'Fleet feed',
  IP: '93.184.215.14',
  Port: 8443,
  Username: 'integration',
  Password: 'example-password',
  API_KEY: 'example-api-key',
  Auth: 'Basic ZXhhbXBsZQ==',
  Status: 1,
  MessageTypes: [MESSAGE_TYPE_IDS.RT],
  Protocols: [FORWARD_PROTOCOL_IDS['HTTP JSON']],
};

/**
 * `POST forwards/` and Add Forward: several protocols make one forward each, every one carrying
 * the chosen message types.
 */
export const ForwardCreateSchema = v.pipe(
  v.object({
    ...COMMON,
    Password: newSecret(PASSWORD_REQUIRED),
    API_KEY: newSecret(API_KEY_REQUIRED),
    Auth: newSecret(AUTH_REQUIRED),
    Protocols: idList(PROTOCOL_ID_LIST, NO_PROTOCOLS, UNKNOWN_PROTOCOL),
  }),
  v.forward(v.partialCheck(COMPATIBILITY_FIELDS, areCompatible, NOT_COMPATIBLE), ['Protocols']),
  v.examples([FORWARD_EXAMPLE]),
);
export type ForwardCreateInput = v.InferInput<typeof ForwardCreateSchema>;
export type ForwardCreate = v.InferOutput<typeof ForwardCreateSchema>;

/**
 * `PUT forwards/{id}` and Update Forward: the same fields; a secret left blank (or sent back as
 * the mask) stays as stored; one protocol, still compatible with the message types.
 */
export const ForwardUpdateSchema = v.pipe(
  v.object({
    ...COMMON,
    Password: changedSecret,
    API_KEY: changedSecret,
    Auth: changedSecret,
    Protocols: v.pipe(
      idList(PROTOCOL_ID_LIST, NO_PROTOCOLS, UNKNOWN_PROTOCOL),
      v.maxLength(1, ONE_PROTOCOL),
    ),
  }),
  v.forward(v.partialCheck(COMPATIBILITY_FIELDS, areCompatible, NOT_COMPATIBLE), ['Protocols']),
  v.examples([{ ...FORWARD_EXAMPLE, Password: '', API_KEY: SECRET_MASK, Auth: '' }]),
);
export type ForwardUpdateInput = v.InferInput<typeof ForwardUpdateSchema>;
export type ForwardUpdate = v.InferOutput<typeof ForwardUpdateSchema>;

/** `{hub}.azure-devices.net`, any case; a host name with at least the hub's label before it. */
export const isAzureIotHubHost = (hostname: string): boolean =>
  hostname.toLowerCase().endsWith(AZURE_IOT_HUB_SUFFIX) &&
  hostname.length > AZURE_IOT_HUB_SUFFIX.length &&
  isHostOrAddress(hostname) &&
  !hostname.includes(':');

const INTEGRATION_COMMON = {
  CustomerId: customerId,
  Name: name,
  Hostname: v.pipe(
    text(HOSTNAME_REQUIRED, 253, HOSTNAME_NOT_AZURE),
    v.check(isAzureIotHubHost, HOSTNAME_NOT_AZURE),
    v.toLowerCase(),
  ),
  SharedAccessKeyName: text(KEY_NAME_REQUIRED, 200),
};

const INTEGRATION_EXAMPLE = {
  CustomerId: 1,
  Name: 'Fleet hub',
  Hostname: `fleet-hub${AZURE_IOT_HUB_SUFFIX}`,
  SharedAccessKeyName: 'iothubowner',
  SharedAccessKey: 'ZXhhbXBsZS1rZXk=',
};

/**
 * `POST forwards/integration` and 'New Integration': an Azure IoT hub (integration type 2), sent
 * RT messages over protocol 'Azure IoT hub' to its host name on port 443.
 */
export const IntegrationCreateSchema = v.pipe(
  v.object({ ...INTEGRATION_COMMON, SharedAccessKey: newSecret(KEY_REQUIRED) }),
  v.examples([INTEGRATION_EXAMPLE]),
);
export type IntegrationCreateInput = v.InferInput<typeof IntegrationCreateSchema>;
export type IntegrationCreate = v.InferOutput<typeof IntegrationCreateSchema>;

/** `PUT forwards/integration/{id}`: the key left blank stays as stored. */
export const IntegrationUpdateSchema = v.pipe(
  v.object({ ...INTEGRATION_COMMON, SharedAccessKey: changedSecret }),
  v.examples([{ ...INTEGRATION_EXAMPLE, SharedAccessKey: '' }]),
);
export type IntegrationUpdateInput = v.InferInput<typeof IntegrationUpdateSchema>;
export type IntegrationUpdate = v.InferOutput<typeof IntegrationUpdateSchema>;
