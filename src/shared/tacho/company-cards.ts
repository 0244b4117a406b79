import * as v from 'valibot';
import { CARD_NUMBER_PATTERN } from './tacho';
import { idParams, imeiField, MAX_SERIAL_ID } from '@shared/api/ids';

/**
 * Company cards (spec 02 §3, §4, §5, §7): a card authorises the remote downloads of its
 * customer's vehicles through an authentication server, and serves a list of devices. One schema
 * for the 'Change CompanyCard' and devices modals and the server's bodies.
 */

export const COMPANY_CARD_NOT_FOUND = 'Company card not found';
/** Spec 02 §4 and §8, exactly as quoted (its em dash included). */
export const COMPANY_CARD_IN_USE =
  'CompanyCard is in use — You can not change the customer on this CompanyCard';
export const CARD_NUMBER_REQUIRED = 'CardNumber is Required';
export const CARD_NUMBER_INVALID = 'CardNumber must be 14 to 16 letters and digits';
export const COMPANY_NAME_REQUIRED = 'CompanyName is Required';
export const COMPANY_NAME_TOO_LONG = 'CompanyName must be 100 characters or less';
export const VALID_UNTIL_REQUIRED = 'ValidUntil is Required';
export const VALID_UNTIL_INVALID = 'ValidUntil must be a date (YYYY-MM-DD)';
export const CUSTOMER_REQUIRED = 'CustomerId is Required';
export const AUTH_SERVER_REQUIRED = 'AuthServerId is Required';
export const DEVICES_INVALID = 'Devices must be a list of IMEIs';
export const MAX_CARD_DEVICES = 1000;
export const TOO_MANY_DEVICES = `At most ${MAX_CARD_DEVICES} devices per card`;
/** The card's authentication server must be its customer's or a shared one (decision 035). */
export const AUTH_SERVER_OF_OTHER_CUSTOMER =
  "The authentication server must be the customer's or a shared one";
export const notDevicesOfCustomer = (imeis: readonly string[]) =>
  `Not a device of the card's customer: ${imeis.slice(0, 5).join(', ')}${imeis.length > 5 ? ', …' : ''}`;

/** A company card as the API answers it (spec 02 §3). */
export const CompanyCardSchema = v.object({
  Id: v.number(),
  CardNumber: v.string(),
  CompanyName: v.string(),
  /** ISO 8601 timestamp; the card authorises downloads until then. */
  ValidUntil: v.string(),
  Customer: v.nullable(v.string()),
  CustomerId: v.number(),
  AuthServerId: v.number(),
  AuthServer: v.nullable(v.string()),
  /** The IMEIs of the devices the card serves, ascending. */
  Devices: v.array(v.string()),
});
export type CompanyCard = v.InferOutput<typeof CompanyCardSchema>;
export const CompanyCardListSchema = v.array(CompanyCardSchema);

export const CompanyCardIdParamsSchema = idParams('id', 'companyCard');

const DATE = /^(\d{4})-(\d{2})-(\d{2})(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/;

/** A calendar date (YYYY-MM-DD) or an ISO timestamp; a date means that day, 00:00 UTC. */
export function parseValidUntil(text: string): Date | null {
  const match = DATE.exec(text);
  if (!match) return null;
  const date = new Date(match[4] ? text : `${text}T00:00:00Z`);
  const time = date.getTime();
  if (Number.isNaN(time)) return null;
  const year = date.getUTCFullYear();
  // A day that does not exist (02-30) rolls over: refuse it rather than store another day.
  if (!match[4] && date.toISOString().slice(0, 10) !== text) return null;
  return year >= 1990 && year <= 9999 ? date : null;
}

/** Text: trimmed; absent or null reads as empty, so it gets the field's own message. */
const text = (field: string, required: string, max: number, tooLong: string) =>
  v.pipe(
    v.optional(v.nullable(v.string(`${field} must be text`)), ''),
    v.transform((value) => (value ?? '').trim()),
    v.nonEmpty(required),
    v.maxLength(max, tooLong),
  );

/** A required id of a select: nothing chosen (null, 0, absent) gets the field's message. */
const chosenId = (kind: 'customer' | 'authServer', required: string) =>
  v.pipe(
    v.optional(v.nullable(v.number(required)), null),
    v.check(
      (id) => id !== null && Number.isInteger(id) && id >= 1 && id <= MAX_SERIAL_ID,
      required,
    ),
    v.transform((id) => id as number),
    v.metadata({ idKind: kind, idUse: 'object' }),
  );

const FIELDS = {
  CardNumber: v.pipe(
    text('CardNumber', CARD_NUMBER_REQUIRED, 16, CARD_NUMBER_INVALID),
    v.toUpperCase(),
    v.regex(CARD_NUMBER_PATTERN, CARD_NUMBER_INVALID),
  ),
  CompanyName: text('CompanyName', COMPANY_NAME_REQUIRED, 100, COMPANY_NAME_TOO_LONG),
  ValidUntil: v.pipe(
    text('ValidUntil', VALID_UNTIL_REQUIRED, 40, VALID_UNTIL_INVALID),
    v.check((value) => parseValidUntil(value) !== null, VALID_UNTIL_INVALID),
  ),
  CustomerId: chosenId('customer', CUSTOMER_REQUIRED),
  AuthServerId: chosenId('authServer', AUTH_SERVER_REQUIRED),
};

/** The IMEIs the card serves, each once, ascending; absent keeps the stored list (on update). */
const devices = v.pipe(
  v.array(imeiField(), DEVICES_INVALID),
  v.maxLength(MAX_CARD_DEVICES, TOO_MANY_DEVICES),
  v.transform((imeis) => [...new Set(imeis)].sort()),
);

const EXAMPLE = {
  CardNumber: 'C01000123456780',
  CompanyName: 'Atlas Freight',
  ValidUntil: '2030-12-31',
  CustomerId: 1,
  AuthServerId: 1,
  Devices: ['356307042441013'],
};

/** `PUT companycards/{id}` ('Change CompanyCard', the devices modal): Devices replaces the list. */
export const CompanyCardUpdateSchema = v.pipe(
  v.object({ ...FIELDS, Devices: v.optional(devices) }),
  v.examples([EXAMPLE]),
);
export type CompanyCardUpdateInput = v.InferInput<typeof CompanyCardUpdateSchema>;
export type CompanyCardUpdate = v.InferOutput<typeof CompanyCardUpdateSchema>;

/** `POST companycards/` ('New Company Card', admins): the same fields, Devices optional. */
export const CompanyCardCreateSchema = v.pipe(
  v.object({ ...FIELDS, Devices: v.optional(devices, []) }),
  v.examples([{ ...EXAMPLE, Devices: [] }]),
);
export type CompanyCardCreateInput = v.InferInput<typeof CompanyCardCreateSchema>;
export type CompanyCardCreate = v.InferOutput<typeof CompanyCardCreateSchema>;
