import type { FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { LibraryFileRule } from '@shared/libraries/library-files';
import { toFieldErrors, type FieldErrors } from '@shared/api/validation';
import { badRequest } from '@server/errors/http-errors';
import { readLibraryUpload, type UploadedFile } from '@server/http/multipart';

export interface LibraryForm<T> {
  values: T;
  /** Null on an update that keeps the stored file. */
  file: UploadedFile | null;
}

/**
 * A library form (QTLibrary, firmware) from its multipart body: the text parts read into the
 * shared schema's input by `coerce` (multipart carries text only), the file under the rule.
 * All field messages come back at once in one 400, the file's among them.
 */
export async function readLibraryForm<TSchema extends v.GenericSchema>(
  request: FastifyRequest,
  reply: FastifyReply,
  options: {
    rule: LibraryFileRule;
    schema: TSchema;
    coerce: (fields: Readonly<Record<string, string>>) => Record<string, unknown>;
    fileRequired: boolean;
  },
): Promise<LibraryForm<v.InferOutput<TSchema>>> {
  const { fields, file } = await readLibraryUpload(request, reply, options.rule);
  const parsed = v.safeParse(options.schema, options.coerce(fields));
  const errors: FieldErrors = parsed.success ? {} : toFieldErrors(parsed.issues);
  if (!file && options.fileRequired) errors[options.rule.part] = options.rule.requiredMessage;
  if (!parsed.success || Object.keys(errors).length > 0) throw badRequest(errors);
  return { values: parsed.output, file };
}
