import * as v from 'valibot';
import {
  DEVICE_IMEI_HEADER,
  DEVICE_REJECTED_MESSAGE,
  DEVICE_SIGNATURE_HEADER,
  DEVICE_TIMESTAMP_HEADER,
} from '@shared/devices/device-link';
import { SERIAL_ID_PATTERN } from '@shared/api/id-limits';
import { badRequestAnswer, bytesAnswer, messageAnswer } from '@server/http/error-responses';
import type { App } from '@server/http/types';
import type { DeviceLink } from './link';
import { normalizeImei } from './message';
import { CLOCK_OFF, NOT_SIGNED } from './routes';
import {
  newDeviceCredential,
  parseSignature,
  parseTimestamp,
  signatureMatches,
  timestampIsFresh,
} from '@server/auth/device-signing';

const NOT_PENDING = 'None of this device’s pending settings names this file';
const NO_IMEI = 'No IMEI (1 to 20 digits) was given in the X-IMEI header';

const ParamsSchema = v.object({
  fileId: v.pipe(
    v.string(),
    v.regex(SERIAL_ID_PATTERN, 'A file id (digits, 1 to 2147483647)'),
    v.transform(Number),
  ),
});

/** A single `bytes=` range of a file of `size` bytes: [start, end] inclusive; null: unsatisfiable. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'whole' | null {
  if (!header) return 'whole';
  const match = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  // Several ranges, or another unit: the whole file is a valid answer (RFC 9110 §14.2).
  if (!match) return 'whole';
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return null;
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return null;
  return { start, end };
}

/**
 * Registers `GET {url}/{fileId}`: a library file (CAN configuration or firmware image) a pending
 * setting names, for the device it is pending for (docs/device-protocol.md, "Library files").
 * Signed like a message, over `timestamp + "." + the request path`; answers ranges (206) so a
 * device on a flaky connection resumes where it stopped.
 */
export function registerDeviceLibraryRoute(parent: App, link: DeviceLink, url: string): void {
  const dummy = newDeviceCredential();
  parent.get(
    `${url}/:fileId`,
    {
      config: { access: 'public' },
      logLevel: 'warn',
      schema: {
        tags: ['device link'],
        summary: 'A library file a pending setting names (CAN configuration, firmware image)',
        description:
          'See docs/device-protocol.md, "Library files". Signed with the device credential over ' +
          '`timestamp + "." + path`; `Range: bytes=start-end` answers 206.',
        security: [],
        params: ParamsSchema,
        response: {
          200: bytesAnswer('The whole file'),
          206: bytesAnswer('The part of the file the Range asked for', {
            'Content-Range': { type: 'string', description: 'bytes start-end/size' },
          }),
          400: badRequestAnswer(),
          401: messageAnswer('Not signed, the clock is off, or an unknown device or credential'),
          404: messageAnswer(NOT_PENDING),
          416: messageAnswer('The Range is outside the file', {
            'Content-Range': { type: 'string', description: 'bytes */size' },
          }),
        },
      },
    },
    async (request, reply) => {
      const timestampHeader = request.headers[DEVICE_TIMESTAMP_HEADER];
      const timestamp = parseTimestamp(timestampHeader);
      const signature = parseSignature(request.headers[DEVICE_SIGNATURE_HEADER]);
      if (timestamp === null || signature === null || typeof timestampHeader !== 'string') {
        link.noteRejected({ reason: 'not signed', address: request.ip });
        return reply.code(401).send({ message: NOT_SIGNED });
      }
      if (!timestampIsFresh(timestamp)) {
        link.noteRejected({ reason: 'device clock off', address: request.ip });
        return reply.code(401).send({ message: CLOCK_OFF });
      }
      const header = request.headers[DEVICE_IMEI_HEADER];
      const imei = normalizeImei(typeof header === 'string' ? header : undefined);
      if (!imei) return reply.code(400).send({ message: NO_IMEI });
      const device = await link.files.device(imei);
      const path = request.url.split('?', 1)[0] ?? '';
      const signed = signatureMatches(
        device?.credential ?? dummy,
        timestampHeader,
        path,
        signature,
      );
      if (!signed || !device) {
        link.noteRejected({ reason: 'unknown device or wrong credential', imei });
        return reply.code(401).send({ message: DEVICE_REJECTED_MESSAGE });
      }
      const file = await link.files.library(device.id, request.params.fileId);
      if (!file) return reply.code(404).send({ message: NOT_PENDING });
      const range = parseRange(request.headers.range, file.size);
      void reply.header('accept-ranges', 'bytes').header('etag', `"${file.sha256}"`);
      if (range === null)
        return reply
          .code(416)
          .header('content-range', `bytes */${String(file.size)}`)
          .send({ message: 'The range is outside the file' });
      const { start, end } = range === 'whole' ? { start: 0, end: file.size - 1 } : range;
      const bytes = await file.read(start, end - start + 1);
      if (range !== 'whole')
        void reply
          .code(206)
          .header('content-range', `bytes ${String(start)}-${String(end)}/${String(file.size)}`);
      return reply.type('application/octet-stream').send(Buffer.from(bytes));
    },
  );
}
