import * as v from 'valibot';
import { idParams, MAX_SERIAL_ID } from '@shared/api/ids';
import { CUSTOM_TEST_DATA_FILE, libraryFileField } from './library-files';

/**
 * Custom test data (spec 03 §2, §3, §7): downloadable files per customer. The list and the
 * download are the spec's; upload and removal (admins) are ours, shaped like the library
 * screens. One schema for the client's upload form and the server's multipart fields.
 */

export const CUSTOM_TEST_DATA_NOT_FOUND = 'Custom test data not found';
export const CUSTOMER_REQUIRED = 'Customer is Required';
/** A customer's files are told apart by name (any case): a download saves under it. */
export const CUSTOM_TEST_DATA_TAKEN = 'This customer already has a file of this name';

/** A file as the list answers it (spec 03 §3: Id, Customer, FileName), never its bytes. */
export const CustomTestDataSchema = v.object({
  Id: v.number(),
  CustomerId: v.number(),
  /** The customer's name. */
  Customer: v.string(),
  FileName: v.string(),
  /** Bytes, and the SHA-256 of them (lower-case hex). */
  Size: v.number(),
  Sha256: v.string(),
  /** When it was uploaded (ISO 8601). */
  Created: v.string(),
});
export type CustomTestData = v.InferOutput<typeof CustomTestDataSchema>;
export const CustomTestDataListSchema = v.array(CustomTestDataSchema);

export const CustomTestDataIdParamsSchema = idParams('id', 'customTestData');

/** The upload's text parts: the customer (a select: null, 0 or absent is "not chosen"). */
export const CustomTestDataFieldsSchema = v.object({
  CustomerId: v.pipe(
    v.optional(v.nullable(v.number(CUSTOMER_REQUIRED)), null),
    v.check(
      (id) => id !== null && Number.isInteger(id) && id >= 1 && id <= MAX_SERIAL_ID,
      CUSTOMER_REQUIRED,
    ),
    v.transform((id) => id as number),
  ),
});
export type CustomTestDataFields = v.InferOutput<typeof CustomTestDataFieldsSchema>;

/** 'Upload test data': the customer and the file (required, any format, at most 10 MiB). */
export const customTestDataFormSchema = v.object({
  ...CustomTestDataFieldsSchema.entries,
  File: libraryFileField(CUSTOM_TEST_DATA_FILE, true),
});

export const customTestDataUploaded = (fileName: string) => `${fileName} uploaded!`;
export const customTestDataRemoved = (fileName: string) => `${fileName} removed!`;
