import {
  DEVICE_FILES_PATH,
  DEVICE_LIBRARY_PATH,
  DEVICE_LINK_PATH,
} from '@shared/devices/device-link';
import type { SecretBox } from '@server/auth/secret-box';
import type { Database } from '@server/db/client';
import type { App } from '@server/http/types';
import { createDeviceLink, type DeviceLink, type DeviceLinkOptions } from './link';
import { registerDeviceFileRoute } from './file-route';
import { registerDeviceLibraryRoute } from './library-route';
import { registerDeviceLinkRoute } from './routes';
import type { DeviceLinkTables } from './tables';

declare module 'fastify' {
  interface FastifyInstance {
    /** The device link's queue and `message` events (installation-test hub, device port). */
    deviceLink: DeviceLink;
  }
}

/**
 * Adds the device link to the portal: `POST /api/v1/devices` outside the user guard (devices
 * have no tokens: they sign each message with their credential, opened with `secrets`), and
 * `app.deviceLink` for the device port and in-process subscribers. Closing the app waits for
 * the messages already taken. `tables` are the modules' writes the link makes (tables.ts).
 */
export async function registerDeviceLink(
  app: App,
  database: Database,
  secrets: SecretBox,
  tables: DeviceLinkTables,
  options: DeviceLinkOptions = {},
): Promise<DeviceLink> {
  const link = createDeviceLink(database, app.log, secrets, tables, options);
  app.decorate('deviceLink', link);
  app.addHook('onClose', async () => {
    await link.close();
    app.log.info({ stats: link.stats() }, 'device link closed');
  });
  await registerDeviceLinkRoute(app, link, DEVICE_LINK_PATH);
  await registerDeviceFileRoute(app, link, DEVICE_FILES_PATH);
  registerDeviceLibraryRoute(app, link, DEVICE_LIBRARY_PATH);
  return link;
}
