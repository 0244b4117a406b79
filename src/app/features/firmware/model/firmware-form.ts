import type * as v from 'valibot';
import {
  NEW_FIRMWARE,
  type Firmware,
  type FirmwareFields,
  type firmwareFormSchema,
} from '@shared/libraries/firmware-library';
import type { FirmwareFlag } from '@shared/libraries/libraries';
import { FIRMWARE_FILE } from '@shared/libraries/library-files';
import type { Option } from '@app/components/form';
import { DEVICE_TYPE_OPTIONS } from '@app/lib/lookups/libraries';
import { multipartBody } from '@app/lib/multipart';

/** Create Firmware's values: the schema's input (create and update take the same shape). */
export type FirmwareFormValues = v.InferInput<ReturnType<typeof firmwareFormSchema>>;

/** Spec 03 §5: Version empty, Test version, no device type or flag chosen, Active; no file. */
export const newFirmwareValues = (): FirmwareFormValues => ({ ...NEW_FIRMWARE, Firmware: null });

/** Edit: the stored values; the image stays unless another is chosen. */
export const firmwareValues = (firmware: Firmware): FirmwareFormValues => ({
  Version: firmware.Version,
  Release: firmware.Release,
  DeviceType: firmware.DeviceType,
  FirmwareFlag: firmware.FirmwareFlag,
  Active: firmware.Active,
  Firmware: null,
});

/** The selects' placeholder: '--', value 0, which the rules refuse as "not chosen". */
const NONE: Option<number> = { value: 0, label: '--', placeholder: true };

export const RELEASE_OPTIONS: readonly Option<boolean>[] = [
  { value: false, label: 'Test version' },
  { value: true, label: 'Release' },
];

export const STATUS_OPTIONS: readonly Option<boolean>[] = [
  { value: true, label: 'Active' },
  { value: false, label: 'InActive' },
];

export const FIRMWARE_DEVICE_TYPE_OPTIONS: readonly Option<number>[] = [
  NONE,
  ...DEVICE_TYPE_OPTIONS,
];

export const flagOptions = (flags: readonly FirmwareFlag[]): Option<number>[] => [
  NONE,
  ...flags.map((flag) => ({ value: flag.Id, label: flag.Flag })),
];

/**
 * The multipart body of a create or update (spec 03 §7): the text parts, Id on an update,
 * Filename (empty when no new image goes: the stored one stays) and the image as `Firmware`.
 */
export function firmwareBody(fields: FirmwareFields, file: File | null, id?: number): FormData {
  return multipartBody(
    { ...(id === undefined ? {} : { Id: id }), ...fields, Filename: file?.name ?? '' },
    { part: FIRMWARE_FILE.part, file },
  );
}
