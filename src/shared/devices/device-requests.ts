import * as v from 'valibot';
import { MIN_COMMAND_LENGTH, MODEM_COMMAND_TYPE } from './constants';
import {
  DEVICE_SEARCH_FILTERS,
  MAX_DEVICES_PER_CHANGE,
  type DeviceSearchFilter,
} from './devices-list';
import { idField, idParam, idParams, IMEI_MESSAGE, imeiField } from '@shared/api/ids';
import { listAfterQuery, listCursorParams, listSearchParams } from '@shared/api/list-resource';

/** Path parameters and bodies of the device calls (spec 01 §7, 02 §7). */

export { DEVICE_SEARCH_FILTERS, type DeviceSearchFilter };

export { IMEI_MESSAGE };
/** An IMEI in a path or a body (see `imeiField`). */
export const ImeiSchema = imeiField();

export const DeviceIdParamsSchema = idParams('id', 'device');
export const ImeiParamsSchema = v.object({ imei: ImeiSchema });
export const CustomerIdParamsSchema = idParams('customerId', 'customer');
export const GroupIdParamsSchema = idParams('groupId', 'configurationGroup');
export const DeviceHistoryParamsSchema = idParams('deviceId', 'device');
export const LastIdParamsSchema = listCursorParams('device');
export const ModemRequestIdParamsSchema = idParams('id', 'modemRequest');
export const SettingIdParamsSchema = idParams('id', 'setting');
export const DeviceForwardIdParamsSchema = idParams('id', 'deviceForward');
export const DeviceTestSettingsIdParamsSchema = idParams('id', 'deviceTestSettings');
/** Raw messages before `lastId`, newest first. */
export const RawMessagesPageParamsSchema = v.object({
  imei: ImeiSchema,
  lastId: idParam('rawMessage', 'cursor'),
});

/**
 * `PUT devices/settings/{key}`: an IMEI with a SettingsList body, a setting id with a single
 * setting (the body decides, see SettingsPutSchema). Kept as text; `settingIdOf` reads the id.
 */
export const SettingKeyParamsSchema = v.object({
  key: v.pipe(
    v.string(),
    v.regex(/^\d{1,20}$/, 'Must be an IMEI or a setting id'),
    v.metadata({ idKind: ['imei', 'setting'], idUse: 'object' }),
  ),
});
/** The setting id a key names, undefined when no setting can have it. */
export function settingIdOf(key: string): number | undefined {
  const id = v.safeParse(idParam('setting'), key);
  return id.success ? id.output : undefined;
}

/** `?after={id}`: continue a list after this device id. */
export const AfterQuerySchema = listAfterQuery('device');

const deviceSearch = listSearchParams(DEVICE_SEARCH_FILTERS);
/** `devices/search/{filter}/{text}`. */
export const DeviceSearchWithoutCustomerParamsSchema = deviceSearch.withoutCustomer;
/** `devices/search/{filter}/{text}/{customer}` ('null': no customer restriction, spec 02 §7). */
export const DeviceSearchParamsSchema = deviceSearch.withCustomer;

/** An IMEI for the documents' examples. */
const EXAMPLE_IMEI = '356307042441013';

/** `{ devices: [IMEI] }` for the bulk customer and configuration-group changes. */
export const DeviceListBodySchema = v.pipe(
  v.object({
    devices: v.pipe(
      v.optional(v.array(ImeiSchema, 'devices must be a list of IMEIs'), []),
      v.minLength(1, 'No devices selected'),
      v.maxLength(MAX_DEVICES_PER_CHANGE, `At most ${MAX_DEVICES_PER_CHANGE} devices at once`),
    ),
  }),
  v.examples([{ devices: [EXAMPLE_IMEI] }]),
);
export type DeviceListBody = v.InferOutput<typeof DeviceListBodySchema>;

const optionalText = (max: number, label: string) =>
  v.pipe(
    v.nullish(v.string(`${label} must be text`), ''),
    v.trim(),
    v.maxLength(max, `${label} must be at most ${max} characters`),
  );

export const DeviceNoteSchema = v.pipe(
  v.object({ imei: ImeiSchema, note: optionalText(1000, 'Note') }),
  v.examples([{ imei: EXAMPLE_IMEI, note: 'Installed behind the dashboard' }]),
);
export const DeviceNameSchema = v.pipe(
  v.object({ imei: ImeiSchema, name: optionalText(100, 'Name') }),
  v.examples([{ imei: EXAMPLE_IMEI, name: 'Truck 12' }]),
);

export const COMMAND_MESSAGE = `Command must be at least ${MIN_COMMAND_LENGTH} characters`;
export const COMMAND_NOT_TEXT = 'Command must be text';
const CommandSchema = v.pipe(
  v.optional(v.string(COMMAND_NOT_TEXT), ''),
  v.trim(),
  v.minLength(MIN_COMMAND_LENGTH, COMMAND_MESSAGE),
  v.maxLength(200, 'Command must be at most 200 characters'),
);
const CommandTypeSchema = v.optional(
  v.literal(MODEM_COMMAND_TYPE, `CommandType must be ${MODEM_COMMAND_TYPE}`),
  MODEM_COMMAND_TYPE,
);

/** `POST devices/modemrequests/{imei}`. */
export const ModemRequestCreateSchema = v.pipe(
  v.object({ Command: CommandSchema, CommandType: CommandTypeSchema }),
  v.examples([{ Command: '$REQUEST,DD FF', CommandType: MODEM_COMMAND_TYPE }]),
);

/** `PUT devices/modemrequests/{imei}`. */
export const ModemRequestUpdateSchema = v.pipe(
  v.object({
    Id: idField('modemRequest', 'Id is required'),
    // Only compared with the path's IMEI.
    IMEI: v.optional(imeiField(IMEI_MESSAGE, 'echo')),
    Command: CommandSchema,
    CommandType: CommandTypeSchema,
  }),
  v.examples([{ Id: 1, Command: '$REQUEST,RT FF', CommandType: MODEM_COMMAND_TYPE }]),
);
export type ModemRequestUpdate = v.InferOutput<typeof ModemRequestUpdateSchema>;

/** Quick request buttons of the Information tab (spec 01 §7). */
export const QUICK_REQUESTS = {
  configuration: '$REQUEST,DD FF',
  RT: '$REQUEST,RT FF',
  TD: '$REQUEST,TD FF',
  RC: '$REQUEST,RC FF',
} as const;
export const resetCommand = (imei: string) => `RESET ${imei} 0 FF`;
