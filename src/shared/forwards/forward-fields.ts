import * as v from 'valibot';
import {
  AZURE_IOT_HUB_SUFFIX,
  FORWARD_PROTOCOL_IDS,
  isCompatible,
  MESSAGE_TYPE_IDS,
} from './forward-kinds';
import { SECRET_MASK } from './forwards';
import { MAX_SERIAL_ID } from '@shared/api/ids';
import { portField, statusField } from '@shared/api/server-fields';
export { PORT_NOT_A_NUMBER, STATUS_INVALID, STATUS_REQUIRED } from '@shared/api/server-status';

/**
 * The messages and field rules of the forward forms and bodies (forward-form.ts). Messages the
 * spec quotes are quoted exactly (its capital R in 'Required' included); the others are ours,
 * each naming the rule that failed.
 */

export const CUSTOMER_REQUIRED = 'Customer is Required';
export const NO_CUSTOMER_SELECTED = 'No Customer selected';
export const NAME_REQUIRED = 'Name is Required';
export const NAME_TOO_SHORT = 'Name must be at least 3 characters';
export const NAME_TOO_LONG = 'Name must be 100 characters or less';
export const IP_REQUIRED = 'IP(Address) is Required';
export const IP_INVALID = 'Enter an IP address or a host name';
export const PORT_REQUIRED = 'Port is Required';
export const PORT_TOO_HIGH = 'Port must be less than 65535';
export const PORT_TOO_LOW = 'Port must be at least 1';
export const USERNAME_REQUIRED = 'Username is Required';
export const PASSWORD_REQUIRED = 'Password is Required';
export const API_KEY_REQUIRED = 'API_KEY is Required';
export const AUTH_REQUIRED = 'Auth is Required';
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
/** A field sent as something other than text (a number, a list…). */
export const mustBeText = (field: string) => `${field} must be text`;

/** The hint under a secret of the edit forms (spec 02 §5 "User update" uses the same words). */
export const KEEP_SECRET_HINT = 'Leave blank to keep the same';
/** The hint under Username: a receiver may take none (docs/decisions/049). */
export const NO_USERNAME_HINT = 'Leave blank if the receiver takes none';
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

/** A required text: trimmed; absent or null reads as empty, so it gets the field's message. */
export const text = (field: string, required: string, max = 1000, tooLong = TOO_LONG) =>
  v.pipe(
    v.optional(v.nullable(v.string(mustBeText(field))), ''),
    v.transform((value) => (value ?? '').trim()),
    v.nonEmpty(required),
    v.maxLength(max, tooLong),
  );

/** An optional text: trimmed; absent, null or blank is none (null). */
export const optionalText = (field: string, max: number) =>
  v.pipe(
    v.optional(v.nullable(v.string(mustBeText(field))), null),
    v.transform((value) => (value ?? '').trim() || null),
    v.check((value) => (value ?? '').length <= max, `${field} must be ${max} characters or less`),
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

export const host = (field: string, required: string) =>
  v.pipe(text(field, required, 253, IP_INVALID), v.check(isHostOrAddress, IP_INVALID));

/**
 * The customer select: none chosen yet (absent, null) is 'Customer is Required', the '--' choice
 * (0) or anything else that is no customer id 'No Customer selected'.
 */
export const customerId = v.pipe(
  v.optional(v.nullable(v.number(NO_CUSTOMER_SELECTED)), null),
  v.check((id) => id !== null, CUSTOMER_REQUIRED),
  v.check(
    (id) => id === null || (Number.isInteger(id) && id >= 1 && id <= MAX_SERIAL_ID),
    NO_CUSTOMER_SELECTED,
  ),
  v.transform((id) => id as number),
  v.metadata({ idKind: 'customer', idUse: 'object' }),
);

export const name = v.pipe(
  text('Name', NAME_REQUIRED, 100, NAME_TOO_LONG),
  v.minLength(3, NAME_TOO_SHORT),
);

export const port = portField({
  required: PORT_REQUIRED,
  tooLow: PORT_TOO_LOW,
  tooHigh: PORT_TOO_HIGH,
});

export const status = statusField;

/** A list of known ids, each once, in ascending order. */
const idList = <TEntry>(
  entry: v.GenericSchema<TEntry, number>,
  known: readonly number[],
  none: string,
  unknown: string,
) =>
  v.pipe(
    v.optional(v.nullable(v.array(entry, unknown)), []),
    v.transform((ids) => ids ?? []),
    v.check((ids) => ids.length > 0, none),
    v.check((ids) => ids.every((id) => known.includes(id)), unknown),
    v.transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
  );

/** An entry of a body's list: the id, or the entry as the lookups and answers list it. */
const listedId = <TKey extends string>(key: TKey, unknown: string) =>
  v.union(
    [
      v.number(unknown),
      v.pipe(
        v.object({ [key]: v.number(unknown) } as Record<TKey, v.NumberSchema<string>>),
        v.transform((entry) => entry[key]),
      ),
    ],
    unknown,
  );

/**
 * MessageTypes and Protocols of a body: ids, or entries as spec 02 §3 lists them on a forward
 * (`{ MessageTypeId, MessageType }`, `{ ProtocolId, Protocol }`), so an answer can be sent back.
 */
export const messageTypeIds = idList(
  listedId('MessageTypeId', UNKNOWN_MESSAGE_TYPE),
  MESSAGE_TYPE_ID_LIST,
  NO_MESSAGE_TYPES,
  UNKNOWN_MESSAGE_TYPE,
);
export const protocolIds = idList(
  listedId('ProtocolId', UNKNOWN_PROTOCOL),
  PROTOCOL_ID_LIST,
  NO_PROTOCOLS,
  UNKNOWN_PROTOCOL,
);
/** The forms' checkboxes hold the ids. */
export const messageTypeIdsOfForm = idList(
  v.number(UNKNOWN_MESSAGE_TYPE),
  MESSAGE_TYPE_ID_LIST,
  NO_MESSAGE_TYPES,
  UNKNOWN_MESSAGE_TYPE,
);
export const protocolIdsOfForm = idList(
  v.number(UNKNOWN_PROTOCOL),
  PROTOCOL_ID_LIST,
  NO_PROTOCOLS,
  UNKNOWN_PROTOCOL,
);

const isBlankSecret = (value: string | null | undefined) =>
  value == null || value.trim() === '' || value === SECRET_MASK;

/** A secret the Add Forward form requires (spec 02 §5): kept as typed (no trimming), never the mask. */
export const requiredSecret = (field: string, required: string) =>
  v.pipe(
    v.optional(v.nullable(v.string(mustBeText(field))), ''),
    v.check((value) => !isBlankSecret(value), required),
    v.transform((value) => value as string),
    v.maxLength(1000, TOO_LONG),
  );

/** A secret of a new forward in the API: absent, null, blank or the mask is none (null). */
export const newSecret = (field: string) =>
  v.pipe(
    v.optional(v.nullable(v.string(mustBeText(field))), null),
    v.check((value) => (value ?? '').length <= 1000, TOO_LONG),
    v.transform((value) => (isBlankSecret(value) ? null : (value as string))),
  );

/** A secret on update: absent, null, blank or the mask keeps the stored one (undefined). */
export const changedSecret = (field: string) =>
  v.pipe(
    v.optional(v.nullable(v.string(mustBeText(field))), null),
    v.check((value) => (value ?? '').length <= 1000, TOO_LONG),
    v.transform((value) => (isBlankSecret(value) ? undefined : (value as string))),
  );
