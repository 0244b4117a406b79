import { createHmac, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  DEVICE_IMEI_HEADER,
  DEVICE_REJECTED_MESSAGE,
  DEVICE_SIGNATURE_HEADER,
  DEVICE_TIMESTAMP_HEADER,
  DeviceFileQuerySchema,
  DeviceFileReplySchema,
  DeviceLinkErrorSchema,
} from '@shared/devices/device-link';
import { TACHO_FILE_MAX_BYTES, TACHO_KINDS } from '@shared/tacho/tacho';
import { badRequestAnswer } from '@server/http/error-responses';
import type { App } from '@server/http/types';
import type { DeviceLink } from './link';
import { normalizeImei } from './message';
import { CLOCK_OFF, NOT_SIGNED } from './routes';
import {
  newDeviceCredential,
  parseSignature,
  parseTimestamp,
  timestampIsFresh,
} from '@server/auth/device-signing';
import { readLimited } from './upload-stream';

const kindOf = { '1': TACHO_KINDS.vehicle, '2': TACHO_KINDS.driver } as const;
const NO_IMEI =
  'No IMEI (1 to 20 digits) was given in the X-IMEI header or ?imei= (the body is the file)';
const TOO_LARGE = `The file is larger than ${TACHO_FILE_MAX_BYTES} bytes`;
const CUT_OFF = 'The upload ended before the whole file arrived';

/**
 * Registers `POST {url}`: a tachograph file (vehicle unit or driver card download) from a
 * device, as raw bytes (docs/device-protocol.md, "Tachograph files"). Identified and signed
 * like a message; the body is never buffered by Fastify: it is read here chunk by chunk into
 * the signature and cut off with 413 as soon as it passes TACHO_FILE_MAX_BYTES.
 */
export async function registerDeviceFileRoute(
  parent: App,
  link: DeviceLink,
  url: string,
): Promise<void> {
  // Unknown devices are checked against a throwaway key, so they cost the same work.
  const dummy = newDeviceCredential();
  await parent.register((scope: App, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, parsed) => {
      parsed(null, payload);
    });

    scope.post(
      url,
      {
        // Like messages: no user token, the upload is signed with the device's credential.
        config: { access: 'public' },
        logLevel: 'warn',
        schema: {
          tags: ['device link'],
          summary: 'A tachograph file from a device (vehicle unit or driver card download)',
          description:
            'See docs/device-protocol.md, "Tachograph files". The body is the file ' +
            `(application/octet-stream, at most ${TACHO_FILE_MAX_BYTES} bytes), signed with the ` +
            'device credential over `timestamp + "." + body bytes`.',
          security: [],
          querystring: DeviceFileQuerySchema,
          response: {
            200: DeviceFileReplySchema,
            400: badRequestAnswer(),
            401: DeviceLinkErrorSchema,
            413: DeviceLinkErrorSchema,
            503: DeviceLinkErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const timestampHeader = request.headers[DEVICE_TIMESTAMP_HEADER];
        const timestamp = parseTimestamp(timestampHeader);
        const signature = parseSignature(request.headers[DEVICE_SIGNATURE_HEADER]);
        const address = request.ip;
        // Answers before the body is read close the connection: its rest is never read.
        const early = (status: 400 | 401 | 413, message: string) =>
          reply.code(status).header('connection', 'close').send({ message });
        if (timestamp === null || signature === null || typeof timestampHeader !== 'string') {
          link.noteRejected({ reason: 'not signed', address });
          return early(401, NOT_SIGNED);
        }
        if (!timestampIsFresh(timestamp)) {
          link.noteRejected({ reason: 'device clock off', address });
          return early(401, CLOCK_OFF);
        }
        const header = request.headers[DEVICE_IMEI_HEADER];
        const imei =
          normalizeImei(typeof header === 'string' ? header : undefined) ??
          normalizeImei(request.query.imei);
        if (!imei) {
          link.noteRejected({ reason: 'malformed', address, detail: 'no IMEI' });
          return early(400, NO_IMEI);
        }
        if (Number(request.headers['content-length']) > TACHO_FILE_MAX_BYTES)
          return early(413, TOO_LARGE);

        const device = await link.files.device(imei);
        const hmac = createHmac('sha256', device?.credential ?? dummy).update(
          `${timestampHeader}.`,
        );
        const body = request.body instanceof Readable ? request.body : Readable.from([]);
        const read = await readLimited(body, hmac, TACHO_FILE_MAX_BYTES);
        if (read.kind === 'too large') return early(413, TOO_LARGE);
        if (read.kind === 'cut off') return early(400, CUT_OFF);

        const expected = hmac.digest();
        const matches = timingSafeEqual(expected, signature) && device !== null;
        const stored = matches
          ? await link.files.store({
              device: { id: device.id, imei, credential: device.sealed },
              bytes: read.bytes,
              modemRequestId: request.query.request ? Number(request.query.request) : null,
              kindHint: request.query.kind ? kindOf[request.query.kind] : null,
              uploadedAt: new Date(),
            })
          : null;
        // One answer for an unknown IMEI, no credential, a wrong signature and a rotated one.
        if (!stored) {
          link.noteRejected({ reason: 'unknown device or wrong credential', imei });
          return reply.code(401).send({ message: DEVICE_REJECTED_MESSAGE });
        }
        return { FileId: stored.fileId, ValidState: stored.validState };
      },
    );
    done();
  });
}
