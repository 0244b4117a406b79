import type { App } from '@server/http/types';
import type { TrustProxy } from '@server/http/trust-proxy';
import { buildDeviceLinkApp } from './device-app';

export interface DevicePort {
  port: number;
  /** Stops taking connections and answers those open (http/drain.ts); then `close()`. */
  drain(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * Listens on DEVICE_PORT with the device link alone. Null when disabled (0, or the portal's own
 * port, which serves the link anyway). When the port is only the default and is taken (a second
 * portal on one machine, a test run), the portal still starts and devices use its main port;
 * an explicitly configured port that cannot be opened stops the start.
 */
export async function startDevicePort(
  app: App,
  config: { devicePort: number; devicePortExplicit: boolean; port: number; trustProxy: TrustProxy },
  host: string,
): Promise<DevicePort | null> {
  if (!config.devicePort || config.devicePort === config.port) return null;
  const deviceApp = await buildDeviceLinkApp({
    link: app.deviceLink,
    log: app.log,
    trustProxy: config.trustProxy,
  });
  try {
    await deviceApp.listen({ port: config.devicePort, host });
  } catch (error) {
    await deviceApp.close();
    if (config.devicePortExplicit || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') {
      throw error;
    }
    app.log.warn(
      { port: config.devicePort },
      'device port in use: devices reach the link on the main port only (set DEVICE_PORT)',
    );
    return null;
  }
  const address = deviceApp.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : config.devicePort,
    drain: (timeoutMs) => deviceApp.drain(timeoutMs),
    close: () => deviceApp.close(),
  };
}
