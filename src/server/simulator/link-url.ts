import { isIP } from 'node:net';
import { DEFAULT_DEVICE_PORT, DEVICE_LINK_PATH } from '@shared/devices/device-link';

/** The portal's own port when PORT is not set (src/server/config.ts). */
export const DEFAULT_PORT = 8080;

export interface LinkUrl {
  url: string;
  /** Which settings chose it, for the line the simulator prints at start. */
  why: string;
}

/** Where to connect to reach a server listening on `host`: a wildcard means this machine. */
function connectHost(host: string): string {
  if (host === '' || host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return isIP(host) === 6 ? `[${host}]` : host;
}

/**
 * The device link's URL from the server's own settings, read as src/server/config.ts and
 * device-port.ts read them: DEVICE_PORT (5000 by default; 0, or PORT's value, means the link is
 * served on the main port, PORT, 8080 by default) on HOST (a wildcard address is reached on
 * the loopback).
 */
export function deviceLinkUrlFromEnv(env: NodeJS.ProcessEnv = process.env): LinkUrl {
  const host = connectHost(env.HOST ?? '127.0.0.1');
  const port = Number(env.PORT ?? DEFAULT_PORT);
  const devicePort = Number(env.DEVICE_PORT ?? DEFAULT_DEVICE_PORT);
  const hostWhy = env.HOST === undefined ? 'HOST unset' : `HOST=${env.HOST}`;
  const deviceWhy =
    env.DEVICE_PORT === undefined
      ? `DEVICE_PORT unset: ${String(DEFAULT_DEVICE_PORT)}`
      : `DEVICE_PORT=${env.DEVICE_PORT}`;
  if (!devicePort || devicePort === port) {
    const portWhy = env.PORT === undefined ? `PORT unset: ${String(port)}` : `PORT=${env.PORT}`;
    return {
      url: `http://${host}:${String(port)}${DEVICE_LINK_PATH}`,
      why: `${deviceWhy}, so devices use the main port (${portWhy}); ${hostWhy}`,
    };
  }
  return {
    url: `http://${host}:${String(devicePort)}${DEVICE_LINK_PATH}`,
    why: `${deviceWhy}; ${hostWhy}`,
  };
}
