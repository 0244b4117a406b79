import * as v from 'valibot';
import { DEVICE_TYPES, FIRMWARE_FLAGS } from '@shared/devices/constants';
import { idParams } from '@shared/api/ids';
import { FIRMWARE_FILE, libraryFileField } from './library-files';

/**
 * Add-on board firmware (spec 03 §2, §3, §5): one schema for the client's Create Firmware form
 * and the server's multipart fields, with the spec's messages and defaults.
 */

export const FIRMWARE_NOT_FOUND = 'Firmware not found';
export const VERSION_REQUIRED = 'Version is Required';
export const VERSION_TOO_SHORT = 'Version should be at least 6 character!';
export const VERSION_TOO_LONG = 'Version should be at most 8 characters!';
export const RELEASE_REQUIRED = 'Release is Required';
export const FIRMWARE_DEVICE_TYPE_REQUIRED = 'Device Type is Required';
export const FIRMWARE_TYPE_REQUIRED = 'Firmware Type is Required';
export const FIRMWARE_ACTIVE_REQUIRED = 'Active is Required';
/** Devices name their firmware by version: one per version, device type and flag. */
export const FIRMWARE_TAKEN = 'This version already exists for this device type and firmware type';
/** Spec 03 §4: delete is offered only while the firmware is not Active; the server agrees. */
export const FIRMWARE_ACTIVE_NOT_DELETED = 'Only an inactive firmware can be deleted';

/** A firmware as the API answers it (spec 03 §3). */
export const FirmwareSchema = v.object({
  Id: v.number(),
  Version: v.string(),
  Filename: v.nullable(v.string()),
  /** Release (true) or Test version (false). */
  Release: v.boolean(),
  /** 1 Booter, 2 Application. */
  FirmwareFlag: v.number(),
  DeviceType: v.number(),
  Active: v.boolean(),
  Created: v.string(),
  /** The image's size in bytes and SHA-256 (hex), null when no file was uploaded. */
  Size: v.nullable(v.number()),
  Sha256: v.nullable(v.string()),
});
export type Firmware = v.InferOutput<typeof FirmwareSchema>;

export const FirmwareListSchema = v.array(FirmwareSchema);
export const FirmwareIdParamsSchema = idParams('id', 'firmware', 'shared');

/** A select: null, undefined and the '--' placeholder 0 all mean "not chosen". */
const choice = (allowed: readonly number[], message: string) =>
  v.pipe(
    v.optional(v.nullable(v.number(message)), null),
    v.check((value) => allowed.some((a) => a === value), message),
    v.transform((value) => value as number),
  );

const yesNo = (message: string) =>
  v.pipe(
    v.optional(v.nullable(v.boolean(message)), null),
    v.check((value) => value !== null, message),
    v.transform((value) => value as boolean),
  );

/** The fields of a create or update besides the file (the multipart's text parts). */
export const FirmwareFieldsSchema = v.object({
  Version: v.pipe(
    v.optional(v.nullable(v.string(VERSION_REQUIRED)), ''),
    v.transform((value) => (value ?? '').trim()),
    v.nonEmpty(VERSION_REQUIRED),
    v.minLength(6, VERSION_TOO_SHORT),
    v.maxLength(8, VERSION_TOO_LONG),
  ),
  Release: yesNo(RELEASE_REQUIRED),
  DeviceType: choice(DEVICE_TYPES, FIRMWARE_DEVICE_TYPE_REQUIRED),
  FirmwareFlag: choice(Object.values(FIRMWARE_FLAGS), FIRMWARE_TYPE_REQUIRED),
  Active: yesNo(FIRMWARE_ACTIVE_REQUIRED),
});
export type FirmwareFields = v.InferOutput<typeof FirmwareFieldsSchema>;

/** Create Firmware and its update: the fields and the file, required on create (spec 03 §5). */
export const firmwareFormSchema = (mode: 'create' | 'update') =>
  v.object({
    ...FirmwareFieldsSchema.entries,
    Firmware: libraryFileField(FIRMWARE_FILE, mode === 'create'),
  });

/** Spec 03 §5: Version empty, Release false, DeviceType 0, FirmwareFlag 0, Status true. */
export const NEW_FIRMWARE = {
  Version: '',
  Release: false,
  DeviceType: 0,
  FirmwareFlag: 0,
  Active: true,
} as const;

export const firmwareSaved = (version: string) => `Firmware ${version} saved!`;
export const firmwareDeleted = (version: string) => `Firmware ${version} deleted!`;
