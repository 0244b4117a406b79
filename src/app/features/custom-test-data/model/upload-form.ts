import type * as v from 'valibot';
import type {
  CustomTestData,
  CustomTestDataFields,
  customTestDataFormSchema,
} from '@shared/libraries/custom-test-data';
import type { Customer } from '@shared/customers/customers';
import { CUSTOM_TEST_DATA_FILE } from '@shared/libraries/library-files';
import type { Option } from '@app/components/form';
import type { ClientFields } from '@app/components/list/model';
import { multipartBody } from '@app/lib/multipart';
import type { CustomTestDataFilter } from './custom-test-data-list-url';

/** What each filter searches: the texts the table shows. */
export const CUSTOM_TEST_DATA_SEARCH_FIELDS: ClientFields<CustomTestData, CustomTestDataFilter> = {
  Customer: (file) => file.Customer,
  FileName: (file) => file.FileName,
};

/** 'Upload test data': the schema's input. */
export type UploadFormValues = v.InferInput<typeof customTestDataFormSchema>;

export const newUploadValues = (): UploadFormValues => ({ CustomerId: null, File: null });

export const customerOptions = (customers: readonly Customer[]): Option<number | null>[] => [
  { value: null, label: 'Choose a customer' },
  ...customers.map((c) => ({ value: c.Id, label: c.Name })),
];

export interface UploadVariables {
  fields: CustomTestDataFields;
  file: File;
}

/** The multipart body (the PWA's library uploads' shape): CustomerId, Filename, the `File` part. */
export const uploadBody = ({ fields, file }: UploadVariables): FormData =>
  multipartBody(
    { CustomerId: fields.CustomerId, Filename: file.name },
    { part: CUSTOM_TEST_DATA_FILE.part, file },
  );
