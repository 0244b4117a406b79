import Fastify, { type FastifyBaseLogger } from 'fastify';
import {
  DEVICE_FILES_PATH,
  DEVICE_LIBRARY_PATH,
  DEVICE_LINK_PATH,
} from '@shared/devices/device-link';
import { HttpError } from '@server/errors/http-errors';
import { OneLinePerRequest } from '@server/http/logger';
import { registerDrain } from '@server/http/drain';
import type { TrustProxy } from '@server/http/trust-proxy';
import type { App } from '@server/http/types';
import {
  jsonSerializerCompiler,
  valibotValidatorCompiler,
  type ValibotTypeProvider,
} from '@server/http/valibot-provider';
import type { DeviceLink } from './link';
import { registerDeviceFileRoute } from './file-route';
import { registerDeviceLibraryRoute } from './library-route';
import { registerDeviceLinkRoute } from './routes';

export interface DeviceLinkAppOptions {
  /** The portal's link (`app.deviceLink`), so both entry points share one queue and events. */
  link: DeviceLink;
  /** The portal's logger, so both ports log alike; silent when absent. */
  log?: FastifyBaseLogger;
  /** The portal's TRUST_PROXY, so both ports see the same client addresses. */
  trustProxy?: TrustProxy;
}

/**
 * The device port (DEVICE_PORT, 5000 by default): the device link and nothing else, so
 * trackers configured with spec 03's default URL never reach the portal's own routes.
 */
export async function buildDeviceLinkApp(options: DeviceLinkAppOptions): Promise<App> {
  const app = Fastify({
    ...(options.log ? { loggerInstance: options.log } : { logger: false }),
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    // A tracker that loses coverage mid-request leaves a half-sent request behind; without a
    // limit its connection would stay open (and block shutdown) for good. Five minutes (Node's
    // own default): a tachograph file of a few megabytes over a 2G modem takes minutes.
    requestTimeout: 300_000,
    logController: new OneLinePerRequest(),
  }).withTypeProvider<ValibotTypeProvider>();
  registerDrain(app);

  app.setValidatorCompiler(valibotValidatorCompiler);
  app.setSerializerCompiler(jsonSerializerCompiler);
  app.setErrorHandler(async (error, request, reply) => {
    if (error instanceof HttpError)
      return reply.code(error.statusCode).send({ message: error.message });
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status < 500) return reply.code(status).send({ message: (error as Error).message });
    request.log.error({ err: error }, 'device message failed');
    return reply.code(500).send({ message: 'Internal Server Error' });
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: 'Not found' }));

  await registerDeviceLinkRoute(app, options.link, DEVICE_LINK_PATH);

  await registerDeviceFileRoute(app, options.link, DEVICE_FILES_PATH);
  registerDeviceLibraryRoute(app, options.link, DEVICE_LIBRARY_PATH);

  // On close, new requests already get 503; answer the messages taken, then drop the
  // connections (idle keep-alives and abandoned half-sent requests) instead of waiting for them.
  app.addHook('preClose', async () => {
    await options.link.drained();
    await new Promise((resolve) => setImmediate(resolve));
    app.server.closeAllConnections();
  });
  return app;
}
