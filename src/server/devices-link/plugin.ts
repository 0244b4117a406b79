import { DEVICE_LINK_PATH } from '../../shared/device-link';
import type { Database } from '../db/client';
import type { App } from '../http/types';
import { createDeviceLink, type DeviceLink, type DeviceLinkOptions } from './link';
import { registerDeviceLinkRoute } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The device link's queue and `message` events (installation-test hub, device port). */
    deviceLink: DeviceLink;
  }
}

/**
 * Adds the device link to the portal: `POST /api/v1/devices` outside the user guard (devices
 * have no tokens), and `app.deviceLink` for the device port and in-process subscribers. Closing
 * the app waits for the messages already taken.
 */
export async function registerDeviceLink(
  app: App,
  database: Database,
  options: DeviceLinkOptions = {},
): Promise<DeviceLink> {
  const link = createDeviceLink(database, app.log, options);
  app.decorate('deviceLink', link);
  app.addHook('onClose', async () => {
    await link.close();
    app.log.info({ stats: link.stats() }, 'device link closed');
  });
  await registerDeviceLinkRoute(app, link, DEVICE_LINK_PATH);
  return link;
}
