import * as v from 'valibot';
import { libraryServerRoutes } from '@shared/libraries/api-paths-libraries';
import {
  CustomTestDataFieldsSchema,
  CustomTestDataIdParamsSchema,
  CustomTestDataListSchema,
  CustomTestDataSchema,
} from '@shared/libraries/custom-test-data';
import { CUSTOM_TEST_DATA_FILE } from '@shared/libraries/library-files';
import { attachmentDisposition } from '@server/http/content-disposition';
import { multipartNumber } from '@server/http/multipart';
import type { App } from '@server/http/types';
import { readLibraryForm } from '@server/modules/library-files';
import type { CustomTestDataService } from './service';

const tags = ['customtestdata'];
const read = { access: 'customTestData.read' } as const;
const manage = { access: 'customTestData.manage' } as const;
const MULTIPART =
  'multipart/form-data: CustomerId, the file in the part named File (any format, at most ' +
  `${String(CUSTOM_TEST_DATA_FILE.maxBytes)} bytes, checked while it streams), Filename ` +
  "(ignored: the file part's name is kept)";

const form = {
  rule: CUSTOM_TEST_DATA_FILE,
  schema: CustomTestDataFieldsSchema,
  fileRequired: true,
  coerce: (fields: Readonly<Record<string, string>>) => ({
    CustomerId: multipartNumber(fields.CustomerId),
  }),
};

/**
 * Custom test data (spec 03 §7): the list and a file's bytes for the caller's tree; upload and
 * removal for admins (ours, like the library screens).
 */
export function customTestDataRoutes(app: App, service: CustomTestDataService): void {
  const one = { 200: CustomTestDataSchema };
  app.get(
    libraryServerRoutes.customTestDataList,
    {
      config: read,
      schema: {
        tags,
        summary: "The custom test data files of the caller's tree (Id, Customer, FileName)",
        response: {
          200: v.pipe(CustomTestDataListSchema, v.description('By customer, then file name')),
        },
      },
    },
    async (request) => service.list(await request.scope()),
  );
  app.get(
    libraryServerRoutes.customTestData,
    {
      config: read,
      schema: {
        tags,
        summary: 'The file (application/octet-stream), saved under its FileName',
        params: CustomTestDataIdParamsSchema,
      },
    },
    async (request, reply) => {
      const file = await service.file(await request.scope(), request.params.id);
      return reply
        .type('application/octet-stream')
        .header('content-disposition', attachmentDisposition(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(file.bytes));
    },
  );
  app.post(
    libraryServerRoutes.customTestDataList,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Upload a file for a customer; answers it',
        description: MULTIPART,
        response: one,
      },
    },
    async (request, reply) =>
      service.upload(
        request.caller,
        await request.scope(),
        await readLibraryForm(request, reply, form),
      ),
  );
  app.delete(
    libraryServerRoutes.customTestData,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Remove a file; answers the removed file',
        params: CustomTestDataIdParamsSchema,
        response: one,
      },
    },
    async (request) => service.remove(request.caller, await request.scope(), request.params.id),
  );
}
