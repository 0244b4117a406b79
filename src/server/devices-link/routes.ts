import {
  DEVICE_CLOCK_WINDOW_SECONDS,
  DEVICE_IMEI_HEADER,
  DEVICE_REJECTED_MESSAGE,
  DEVICE_SIGNATURE_HEADER,
  DEVICE_TIMESTAMP_HEADER,
  DeviceLinkErrorSchema,
  DeviceLinkQuerySchema,
  DeviceLinkReplySchema,
} from '@shared/devices/device-link';
import { HttpError } from '@server/errors/http-errors';
import { badRequestAnswer } from '@server/http/error-responses';
import type { App } from '@server/http/types';
import type { DeviceLink } from './link';
import { readMessage } from './message';
import { parseSignature, parseTimestamp, timestampIsFresh } from '@server/auth/device-signing';

export const NOT_SIGNED =
  'The message is not signed: send X-Device-Timestamp (Unix seconds) and X-Device-Signature ' +
  '(hex HMAC-SHA256), see docs/device-protocol.md';
export const CLOCK_OFF = `X-Device-Timestamp is more than ${DEVICE_CLOCK_WINDOW_SECONDS} s off the server's clock: set the device clock and sign again`;

/**
 * Registers `POST {url}` for devices in a scope of its own, because its body parser keeps the
 * raw bytes (the message is stored exactly as received, invalid JSON included) and must not
 * replace the JSON parser of the portal's routes.
 */
export async function registerDeviceLinkRoute(
  parent: App,
  link: DeviceLink,
  url: string,
): Promise<void> {
  await parent.register((scope: App, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, parsed) => {
      parsed(null, body);
    });

    scope.post(
      url,
      {
        // Devices have no user token: public to the guard, each message is signed with the
        // device's credential and checked here (an unknown or wrong one is 401).
        config: { access: 'public' },
        // Thousands of messages a second: only problems are worth a log line.
        logLevel: 'warn',
        schema: {
          tags: ['device link'],
          summary: 'A device message; answers the pending settings and modem requests',
          description:
            'See docs/device-protocol.md. Signed with the device credential (X-Device-Timestamp, ' +
            'X-Device-Signature); the body is stored exactly as received.',
          security: [],
          querystring: DeviceLinkQuerySchema,
          response: {
            200: DeviceLinkReplySchema,
            400: badRequestAnswer(),
            401: DeviceLinkErrorSchema,
            503: DeviceLinkErrorSchema,
          },
        },
      },
      async (request, reply) => {
        // Checked before anything is looked up, so these answers say nothing about the device.
        const timestampHeader = request.headers[DEVICE_TIMESTAMP_HEADER];
        const timestamp = parseTimestamp(timestampHeader);
        const signature = parseSignature(request.headers[DEVICE_SIGNATURE_HEADER]);
        const address = request.ip;
        if (timestamp === null || signature === null || typeof timestampHeader !== 'string') {
          link.noteRejected({ reason: 'not signed', address });
          return reply.code(401).send({ message: NOT_SIGNED });
        }
        if (!timestampIsFresh(timestamp)) {
          link.noteRejected({ reason: 'device clock off', address });
          return reply.code(401).send({ message: CLOCK_OFF });
        }

        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const header = request.headers[DEVICE_IMEI_HEADER];
        const fallback = request.query.imei ?? (typeof header === 'string' ? header : undefined);
        const read = readMessage(body, fallback, { timestamp: timestampHeader, signature });
        if (!read.ok) {
          link.noteRejected({ reason: 'malformed', address, detail: read.reason });
          return reply.code(400).send({ message: read.reason });
        }

        let outcome;
        try {
          outcome = await link.submit(read.message);
        } catch (error) {
          // Full queue or shutting down: nothing was stored, the device may retry at once.
          if (error instanceof HttpError && error.statusCode === 503) {
            return reply.code(503).header('retry-after', '1').send({ message: error.message });
          }
          throw error;
        }
        // One answer for an unknown IMEI, a device without a credential and a wrong signature.
        if (outcome.kind === 'rejected') {
          return reply.code(401).send({ message: DEVICE_REJECTED_MESSAGE });
        }
        return { Settings: outcome.settings, Requests: outcome.requests };
      },
    );
    done();
  });
}
