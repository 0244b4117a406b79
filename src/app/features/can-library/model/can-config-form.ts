import type * as v from 'valibot';
import {
  NEW_CAN_CONFIG,
  type CanConfig,
  type CanConfigFields,
  type canConfigFormSchema,
} from '@shared/libraries/can-library';
import { CAN_CONFIG_FILE } from '@shared/libraries/library-files';
import { multipartBody } from '@app/lib/multipart';

/** The QTLibrary form's values: the schema's input (create and update take the same shape). */
export type CanConfigFormValues = v.InferInput<ReturnType<typeof canConfigFormSchema>>;

/** 'New QTLibrary': empty texts, active, device type 4 (spec 03 §2), no file yet. */
export const newCanConfigValues = (): CanConfigFormValues => ({ ...NEW_CAN_CONFIG, Config: null });

/** Edit: the stored values; the file stays unless another is chosen. */
export const canConfigValues = (entry: CanConfig): CanConfigFormValues => ({
  Protocol: entry.Protocol,
  Version: entry.Version,
  Brand: entry.Brand,
  Name: entry.Name,
  Active: entry.Active,
  DeviceType: entry.DeviceType,
  Config: null,
});

/**
 * The multipart body of a create or update (spec 03 §7): the text parts, Id on an update,
 * Filename (empty when no new file goes: the stored one stays) and the file as `Config`.
 */
export function canConfigBody(fields: CanConfigFields, file: File | null, id?: number): FormData {
  return multipartBody(
    { ...(id === undefined ? {} : { Id: id }), ...fields, Filename: file?.name ?? '' },
    { part: CAN_CONFIG_FILE.part, file },
  );
}
