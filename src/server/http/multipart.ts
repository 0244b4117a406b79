import { createHash } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  fileNameIssue,
  fileSizeIssue,
  FILE_TOO_LARGE,
  type LibraryFileRule,
} from '@shared/libraries/library-files';
import type { FieldErrors } from '@shared/api/validation';
import { badRequest, HttpError } from '@server/errors/http-errors';
import { isUnstorableText, UNSTORABLE_TEXT_MESSAGE } from './unstorable-text';

/** An uploaded file, whole in memory: at most its rule's size (36 KiB / 384 KiB / 10 MiB). */
export interface UploadedFile {
  name: string;
  bytes: Buffer;
  /** Lower-case hex. */
  sha256: string;
}

export interface LibraryUpload {
  /** The text parts, by name (a null-prototype object: names come from the request). */
  fields: Record<string, string>;
  /** The rule's file part; null when none was sent or it was empty with no name (update). */
  file: UploadedFile | null;
}

export const NOT_MULTIPART = 'Send the form as multipart/form-data';
const MALFORMED = 'The form data could not be read';

/** Few small text parts: a library form has about ten. */
const LIMITS = { fields: 30, fieldSize: 2000, files: 1, parts: 40, headerPairs: 50 };

/**
 * Reads a library form (multipart) with its one file part, `rule.part`. The file's size is
 * checked while it streams: busboy stops keeping bytes at the limit and the request is not read
 * further, the connection closing with the 400 (a 1 GB upload costs no more than a 36 KiB one).
 * Its name's format is checked from the part's header, before any of its bytes are kept. Other
 * file parts and any part after a refused file are never read. Text parts that PostgreSQL
 * cannot store (NUL) are refused, like in JSON bodies.
 */
export async function readLibraryUpload(
  request: FastifyRequest,
  reply: FastifyReply,
  rule: LibraryFileRule,
): Promise<LibraryUpload> {
  if (!request.isMultipart()) throw badRequest({ _: NOT_MULTIPART });
  const fields = Object.create(null) as Record<string, string>;
  let file: UploadedFile | null = null;
  const refuse = (errors: FieldErrors) => {
    // The rest of the body is not read: stop reading it and close the connection with the answer.
    request.raw.unpipe();
    request.raw.pause();
    void reply.header('connection', 'close');
    return badRequest(errors);
  };
  try {
    const parts = request.parts({ limits: { ...LIMITS, fileSize: rule.maxBytes } });
    for await (const part of parts) {
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : '';
        if (part.valueTruncated || isUnstorableText(value) || isUnstorableText(part.fieldname))
          throw refuse({
            [part.fieldname]: part.valueTruncated ? MALFORMED : UNSTORABLE_TEXT_MESSAGE,
          });
        fields[part.fieldname] = value;
        continue;
      }
      if (part.fieldname !== rule.part) throw refuse({ [part.fieldname]: 'Unexpected file' });
      const read = await readFilePart(part, rule);
      if ('issue' in read) throw refuse({ [rule.part]: read.issue });
      file = read.file;
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw refuse({
      _:
        (error as { code?: string }).code === 'FST_INVALID_MULTIPART_CONTENT_TYPE'
          ? NOT_MULTIPART
          : MALFORMED,
    });
  }
  return { fields, file };
}

type FileRead = { file: UploadedFile | null } | { issue: string };

async function readFilePart(part: MultipartFile, rule: LibraryFileRule): Promise<FileRead> {
  const name = part.filename.trim();
  if (!name) {
    // A file input left empty still sends its part, with no name and no bytes.
    part.file.resume();
    return { file: null };
  }
  const nameIssue = fileNameIssue(rule, name);
  if (nameIssue) return { issue: nameIssue };
  const hash = createHash('sha256');
  const chunks: Buffer[] = [];
  let size = 0;
  // Events, not `for await`: busboy signals the limit with 'limit' and then discards the rest
  // of the part, so the stream would only end once the whole upload had been read.
  return new Promise<FileRead>((resolve, reject) => {
    const stream = part.file;
    const finish = (result: FileRead | Error) => {
      stream.off('data', onData);
      stream.off('limit', onLimit);
      stream.off('end', onEnd);
      stream.off('error', finish);
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      hash.update(chunk);
      chunks.push(chunk);
    };
    const onLimit = () => {
      finish({ issue: FILE_TOO_LARGE });
    };
    const onEnd = () => {
      const issue = stream.truncated ? FILE_TOO_LARGE : fileSizeIssue(rule, size);
      finish(
        issue
          ? { issue }
          : { file: { name, bytes: Buffer.concat(chunks, size), sha256: hash.digest('hex') } },
      );
    };
    stream.on('data', onData);
    stream.on('limit', onLimit);
    stream.on('end', onEnd);
    stream.on('error', finish);
    // A first chunk larger than the limit (a 36 KiB CAN file) hits it before this part is handed
    // over, so 'limit' has been emitted already and only 'end' would come, after the whole body.
    if (stream.truncated) onLimit();
  });
}

/** A text part read as a boolean ('true'/'false', any case; '1'/'0'); else kept for the schema. */
export function multipartBoolean(value: string | undefined): boolean | string | undefined {
  if (value === undefined) return undefined;
  const lower = value.trim().toLowerCase();
  if (lower === 'true' || lower === '1') return true;
  if (lower === 'false' || lower === '0') return false;
  return value;
}

/** A text part read as a number when it is one; else kept for the schema (which refuses it). */
export function multipartNumber(value: string | undefined): number | string | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  return /^-?\d{1,9}$/.test(trimmed) ? Number(trimmed) : value;
}
