import * as v from 'valibot';
import { isHostOrAddress } from '@shared/forwards/forward-fields';
import { SECRET_MASK } from '@shared/forwards/forwards';
import { idParams, MAX_SERIAL_ID } from '@shared/api/ids';
import { listPageSchema } from '@shared/api/list-resource';
import { portField, statusField } from '@shared/api/server-fields';
import { AUTH_SERVER_PAGE_SIZE } from './auth-servers-list';

export * from './auth-servers-list';
export { PORT_NOT_A_NUMBER, STATUS_INVALID, STATUS_REQUIRED } from '@shared/api/server-status';

/**
 * Authentication servers (spec 02 §3, §5, §7): where a remote tachograph download authenticates
 * with the company card. Spec 02 §5 says only that the form is validated and the ports are
 * numeric; the rules below are ours (docs/decisions/035-auth-servers-and-company-cards.md), one
 * schema for the client's form and the server's body.
 */

export const AUTH_SERVER_NOT_FOUND = 'Authentication server not found';
export const CUSTOMER_REQUIRED = 'Customer is Required';
export const NAME_REQUIRED = 'Name is Required';
export const NAME_TOO_SHORT = 'Name must be at least 3 characters';
export const NAME_TOO_LONG = 'Name must be 100 characters or less';
export const IP_REQUIRED = 'IP(Address) is Required';
export const IP_INVALID = 'Enter an IP address or a host name';
export const PORT_REQUIRED = 'Port is Required';
export const DEVICE_PORT_REQUIRED = 'Device port is Required';
export const PORT_OUT_OF_RANGE = 'Port must be between 1 and 65535';
export const USERNAME_REQUIRED = 'Username is Required';
export const PASSWORD_REQUIRED = 'Password is Required';
export const CUSTOMER_INVALID = 'Choose a customer from the list';
/** A field sent as something other than text (a number, a list…). */
export const mustBeText = (field: string) => `${field} must be text`;
export const TOO_LONG = 'Must be 1000 characters or less';
export const FORWARD_TOO_LONG = 'Forward must be 1000 characters or less';

/** Removing a server company cards still use is refused, with how many (decision 035). */
export const authServerInUse = (cards: number) =>
  `${String(cards)} company card${cards === 1 ? ' uses' : 's use'} this authentication server: ` +
  `move ${cards === 1 ? 'it' : 'them'} to another server first`;

/** Write-only, like a forward's: SECRET_MASK when set, null when not (always null for Viewers). */
const secretShown = v.pipe(
  v.nullable(v.string()),
  v.description(`Write-only: "${SECRET_MASK}" when set, null when not (always null for Viewers)`),
);

/** An authentication server as the API answers it (spec 02 §3). */
export const AuthServerSchema = v.object({
  Id: v.number(),
  /** Null: the provider's, shared with every customer. */
  CustomerId: v.nullable(v.number()),
  Customer: v.nullable(v.string()),
  Name: v.string(),
  /** An IP address or host name. */
  IP: v.string(),
  /** Where devices connect for the remote download. */
  DevicePort: v.number(),
  /** Where the portal reaches the server. */
  Port: v.number(),
  Username: v.nullable(v.string()),
  Password: secretShown,
  /** 0 Server Down, 1 Server Up & Running. */
  Status: v.number(),
  /** Where the server passes the downloaded data on. */
  Forward: v.nullable(v.string()),
});
export type AuthServer = v.InferOutput<typeof AuthServerSchema>;

export const AuthServerPageSchema = listPageSchema(AuthServerSchema, {
  base: 'authservers',
  pageSize: AUTH_SERVER_PAGE_SIZE,
  noun: 'authentication servers',
});

export const AuthServerIdParamsSchema = idParams('id', 'authServer');

/** Text: trimmed; absent or null reads as empty, so it gets the field's own message. */
const text = (field: string, required: string, max: number, tooLong = TOO_LONG) =>
  v.pipe(
    v.optional(v.nullable(v.string(mustBeText(field))), ''),
    v.transform((value) => (value ?? '').trim()),
    v.nonEmpty(required),
    v.maxLength(max, tooLong),
  );

/**
 * The customer select: nothing chosen (null) or the '--' choice (0) is 'Customer is Required',
 * anything else that is no customer id 'Choose a customer from the list'.
 */
const customerId = v.pipe(
  v.optional(v.nullable(v.number(CUSTOMER_INVALID)), null),
  v.check((id) => id !== null && id !== 0, CUSTOMER_REQUIRED),
  v.check(
    (id) => id === null || id === 0 || (Number.isInteger(id) && id >= 1 && id <= MAX_SERIAL_ID),
    CUSTOMER_INVALID,
  ),
  v.transform((id) => id as number),
  v.metadata({ idKind: 'customer', idUse: 'object' }),
);

const port = (required: string) =>
  portField({ required, tooLow: PORT_OUT_OF_RANGE, tooHigh: PORT_OUT_OF_RANGE });

const status = statusField;

const isBlankSecret = (value: string | null | undefined) =>
  value == null || value.trim() === '' || value === SECRET_MASK;

/**
 * Where the server forwards the data: not on the form (spec 02 lists its fields), settable by the
 * API. Absent keeps the stored one; empty clears it.
 */
const forward = v.optional(
  v.pipe(
    v.nullable(v.string(mustBeText('Forward'))),
    v.transform((value) => (value ?? '').trim() || null),
    v.check((value) => (value ?? '').length <= 1000, FORWARD_TOO_LONG),
  ),
);

const COMMON = {
  customerId,
  name: v.pipe(text('Name', NAME_REQUIRED, 100, NAME_TOO_LONG), v.minLength(3, NAME_TOO_SHORT)),
  ip: v.pipe(text('IP', IP_REQUIRED, 253, IP_INVALID), v.check(isHostOrAddress, IP_INVALID)),
  devicePort: port(DEVICE_PORT_REQUIRED),
  port: port(PORT_REQUIRED),
  username: text('Username', USERNAME_REQUIRED, 200),
  status,
  forward,
};

const EXAMPLE = {
  customerId: 1,
  name: 'Fleet RDL server',
  ip: '203.0.113.10',
  devicePort: 10000,
  port: 8443,
  username: 'rdl',
  password: 'example-password',
  status: 1,
};

/** `POST authservers/` and 'New Authentication Server': the password is required. */
export const AuthServerCreateSchema = v.pipe(
  v.object({
    ...COMMON,
    password: v.pipe(
      v.optional(v.nullable(v.string(mustBeText('Password'))), ''),
      v.check((value) => !isBlankSecret(value), PASSWORD_REQUIRED),
      v.transform((value) => value as string),
      v.maxLength(1000, TOO_LONG),
    ),
  }),
  v.examples([EXAMPLE]),
);
export type AuthServerCreateInput = v.InferInput<typeof AuthServerCreateSchema>;
export type AuthServerCreate = v.InferOutput<typeof AuthServerCreateSchema>;

/** `PUT authservers/{id}`: the same fields; a password left blank (or the mask) stays as stored. */
export const AuthServerUpdateSchema = v.pipe(
  v.object({
    ...COMMON,
    password: v.pipe(
      v.optional(v.nullable(v.string(mustBeText('Password'))), ''),
      v.check((value) => (value ?? '').length <= 1000, TOO_LONG),
      v.transform((value) => (isBlankSecret(value) ? undefined : (value as string))),
    ),
  }),
  v.examples([{ ...EXAMPLE, password: '' }]),
);
export type AuthServerUpdateInput = v.InferInput<typeof AuthServerUpdateSchema>;
export type AuthServerUpdate = v.InferOutput<typeof AuthServerUpdateSchema>;
