import * as v from 'valibot';
import { DEVICE_TYPES } from '@shared/devices/constants';
import { idParams } from '@shared/api/ids';
import { CAN_CONFIG_FILE, libraryFileField } from './library-files';

/**
 * The CAN protocol library, QTLibrary (spec 03 §2, §3, §5): one schema for the client's form
 * and the server's multipart fields. The spec gives one message for Protocol (too short); the
 * others follow the firmware form's wording (README decisions, issue 13).
 */

export const CAN_CONFIG_NOT_FOUND = 'QTLibrary not found';
export const PROTOCOL_REQUIRED = 'Protocol is Required';
export const PROTOCOL_TOO_SHORT = 'Protocol need to be greater than 6 characters.';
export const PROTOCOL_TOO_LONG = 'Protocol need to be at most 10 characters.';
export const CAN_VERSION_REQUIRED = 'Version is Required';
export const CAN_VERSION_TOO_LONG = 'Version should be at most 10 characters!';
export const BRAND_REQUIRED = 'Brand is Required';
export const BRAND_TOO_LONG = 'Brand should be at most 50 characters!';
export const CAN_NAME_REQUIRED = 'Name is Required';
export const CAN_NAME_TOO_SHORT = 'Name should be at least 3 characters!';
export const CAN_NAME_TOO_LONG = 'Name should be at most 50 characters!';
export const ACTIVE_REQUIRED = 'Active is Required';
export const DEVICE_TYPE_REQUIRED = 'Device Type is Required';
/** Devices name their protocol by code: one active entry per code and device type. */
export const PROTOCOL_TAKEN = 'An active QTLibrary has this protocol for this device type';

/** A CAN protocol of the library as the API answers it (spec 03 §3). */
export const CanConfigSchema = v.object({
  Id: v.number(),
  Protocol: v.string(),
  Version: v.string(),
  Brand: v.string(),
  Name: v.string(),
  Active: v.boolean(),
  DeviceType: v.number(),
  Filename: v.nullable(v.string()),
  /** The configuration file's size in bytes, null when none was uploaded. */
  Size: v.nullable(v.number()),
  /** Its SHA-256, hex, null when none was uploaded. */
  Sha256: v.nullable(v.string()),
});
export type CanConfig = v.InferOutput<typeof CanConfigSchema>;

export const CanConfigListSchema = v.array(CanConfigSchema);
export const CanConfigIdParamsSchema = idParams('id', 'canConfig', 'shared');

/** Text: trimmed; absent or null reads as empty, so it gets the field's own message. */
const text = (required: string, max: number, tooLong: string) =>
  v.pipe(
    v.optional(v.nullable(v.string(required)), ''),
    v.transform((value) => (value ?? '').trim()),
    v.nonEmpty(required),
    v.maxLength(max, tooLong),
  );

const deviceType = v.pipe(
  v.optional(v.nullable(v.number(DEVICE_TYPE_REQUIRED)), null),
  v.check((value) => DEVICE_TYPES.some((type) => type === value), DEVICE_TYPE_REQUIRED),
  v.transform((value) => value as number),
);

const active = v.pipe(
  v.optional(v.nullable(v.boolean(ACTIVE_REQUIRED)), null),
  v.check((value) => value !== null, ACTIVE_REQUIRED),
  v.transform((value) => value as boolean),
);

/** The fields of a create or update besides the file (the multipart's text parts). */
export const CanConfigFieldsSchema = v.object({
  Protocol: v.pipe(
    text(PROTOCOL_REQUIRED, 10, PROTOCOL_TOO_LONG),
    v.minLength(6, PROTOCOL_TOO_SHORT),
  ),
  Version: text(CAN_VERSION_REQUIRED, 10, CAN_VERSION_TOO_LONG),
  Brand: text(BRAND_REQUIRED, 50, BRAND_TOO_LONG),
  Name: v.pipe(text(CAN_NAME_REQUIRED, 50, CAN_NAME_TOO_LONG), v.minLength(3, CAN_NAME_TOO_SHORT)),
  Active: active,
  DeviceType: deviceType,
});
export type CanConfigFields = v.InferOutput<typeof CanConfigFieldsSchema>;

/** The QTLibrary form: the fields and the file, required on create (spec 03 §5). */
export const canConfigFormSchema = (mode: 'create' | 'update') =>
  v.object({
    ...CanConfigFieldsSchema.entries,
    Config: libraryFileField(CAN_CONFIG_FILE, mode === 'create'),
  });

/** 'New QTLibrary' starts active, for device type 4 (spec 03 §2). */
export const NEW_CAN_CONFIG = {
  Protocol: '',
  Version: '',
  Brand: '',
  Name: '',
  Active: true,
  DeviceType: 4,
} as const;

export const canConfigSaved = (name: string) => `CanProtocol ${name} saved!`;
