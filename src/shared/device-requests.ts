import * as v from 'valibot';
import { MIN_COMMAND_LENGTH, MODEM_COMMAND_TYPE } from './constants';
import { MAX_DEVICES_PER_CHANGE } from './devices-list';

/** Path parameters and bodies of the device calls (spec 01 §7, 02 §7). */

export const DEVICE_SEARCH_FILTERS = [
  'IMEI',
  'SN',
  'Customer',
  'ConfigurationGroup',
  'ICCID',
  'Firmware',
  'DeviceName',
  'Protocol',
  'ProtocolName',
] as const;
export type DeviceSearchFilter = (typeof DEVICE_SEARCH_FILTERS)[number];

const numericId = (message = 'Must be a numeric id') =>
  v.pipe(v.string(), v.regex(/^\d{1,15}$/, message), v.transform(Number));

export const IMEI_MESSAGE = 'Must be an IMEI (digits only)';
/** Lenient on purpose: devices identify themselves; an unknown IMEI is simply not found. */
export const ImeiSchema = v.pipe(
  // A missing IMEI reads as empty so it gets the same message (as everywhere below).
  v.optional(v.string(IMEI_MESSAGE), ''),
  v.trim(),
  v.regex(/^\d{1,20}$/, IMEI_MESSAGE),
);

export const DeviceIdParamsSchema = v.object({ id: numericId() });
export const ImeiParamsSchema = v.object({ imei: ImeiSchema });
export const CustomerIdParamsSchema = v.object({ customerId: numericId() });
export const GroupIdParamsSchema = v.object({ groupId: numericId() });
export const DeviceHistoryParamsSchema = v.object({ deviceId: numericId() });
export const LastIdParamsSchema = v.object({ lastId: numericId() });
export const RawMessagesPageParamsSchema = v.object({ imei: ImeiSchema, lastId: numericId() });

/** `?after={id}`: continue a list after this device id. */
export const AfterQuerySchema = v.object({ after: v.optional(numericId()) });

/** The literal 'null' in the customer segment means "no customer restriction" (spec 02 §7). */
const OptionalCustomerSegment = v.optional(
  v.pipe(
    v.string(),
    v.regex(/^(null|\d{1,9})$/, 'Must be a customer id'),
    v.transform((s) => (s === 'null' ? undefined : Number(s))),
  ),
);

export const DeviceSearchParamsSchema = v.object({
  filter: v.picklist(
    DEVICE_SEARCH_FILTERS,
    `Filter must be one of ${DEVICE_SEARCH_FILTERS.join(', ')}`,
  ),
  text: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('Search text is required'),
    v.maxLength(100, 'Search text is too long'),
  ),
  customer: OptionalCustomerSegment,
});

/** `{ devices: [IMEI] }` for the bulk customer and configuration-group changes. */
export const DeviceListBodySchema = v.object({
  devices: v.pipe(
    v.optional(v.array(ImeiSchema, 'devices must be a list of IMEIs'), []),
    v.minLength(1, 'No devices selected'),
    v.maxLength(MAX_DEVICES_PER_CHANGE, `At most ${MAX_DEVICES_PER_CHANGE} devices at once`),
  ),
});
export type DeviceListBody = v.InferOutput<typeof DeviceListBodySchema>;

const optionalText = (max: number, label: string) =>
  v.pipe(
    v.nullish(v.string(`${label} must be text`), ''),
    v.trim(),
    v.maxLength(max, `${label} must be at most ${max} characters`),
  );

export const DeviceNoteSchema = v.object({ imei: ImeiSchema, note: optionalText(1000, 'Note') });
export const DeviceNameSchema = v.object({ imei: ImeiSchema, name: optionalText(100, 'Name') });

export const COMMAND_MESSAGE = `Command must be at least ${MIN_COMMAND_LENGTH} characters`;
const CommandSchema = v.pipe(
  v.optional(v.string(COMMAND_MESSAGE), ''),
  v.trim(),
  v.minLength(MIN_COMMAND_LENGTH, COMMAND_MESSAGE),
  v.maxLength(200, 'Command must be at most 200 characters'),
);
const CommandTypeSchema = v.optional(
  v.literal(MODEM_COMMAND_TYPE, `CommandType must be ${MODEM_COMMAND_TYPE}`),
  MODEM_COMMAND_TYPE,
);

/** `POST devices/modemrequests/{imei}`. */
export const ModemRequestCreateSchema = v.object({
  Command: CommandSchema,
  CommandType: CommandTypeSchema,
});

/** `PUT devices/modemrequests/{imei}`. */
export const ModemRequestUpdateSchema = v.object({
  Id: v.pipe(
    v.optional(v.number('Id is required'), 0),
    v.integer('Id is required'),
    v.minValue(1, 'Id is required'),
  ),
  IMEI: v.optional(ImeiSchema),
  Command: CommandSchema,
  CommandType: CommandTypeSchema,
});
export type ModemRequestUpdate = v.InferOutput<typeof ModemRequestUpdateSchema>;

/** Quick request buttons of the Information tab (spec 01 §7). */
export const QUICK_REQUESTS = {
  configuration: '$REQUEST,DD FF',
  RT: '$REQUEST,RT FF',
  TD: '$REQUEST,TD FF',
  RC: '$REQUEST,RC FF',
} as const;
export const resetCommand = (imei: string) => `RESET ${imei} 0 FF`;
