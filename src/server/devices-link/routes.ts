import {
  DEVICE_IMEI_HEADER,
  DeviceLinkErrorSchema,
  DeviceLinkQuerySchema,
  DeviceLinkReplySchema,
} from '../../shared/device-link';
import { HttpError } from '../http/errors';
import type { App } from '../http/types';
import type { DeviceLink } from './link';
import { readMessage } from './message';

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
        // Devices have no user token: the IMEI identifies them.
        config: { public: true },
        // Thousands of messages a second: only problems are worth a log line.
        logLevel: 'warn',
        schema: {
          tags: ['device link'],
          summary: 'A device message; answers the pending settings and modem requests',
          description: 'See docs/device-protocol.md. The body is stored exactly as received.',
          security: [],
          querystring: DeviceLinkQuerySchema,
          response: {
            200: DeviceLinkReplySchema,
            400: DeviceLinkErrorSchema,
            401: DeviceLinkErrorSchema,
            503: DeviceLinkErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const header = request.headers[DEVICE_IMEI_HEADER];
        const fallback = request.query.imei ?? (typeof header === 'string' ? header : undefined);
        const read = readMessage(body, fallback);
        if (!read.ok) return reply.code(400).send({ message: read.reason });

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
        if (outcome.kind === 'unknown-device') {
          return reply.code(401).send({ message: `Unknown IMEI ${read.message.imei}` });
        }
        return { Settings: outcome.settings, Requests: outcome.requests };
      },
    );
    done();
  });
}
