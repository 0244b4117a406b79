import { buildParts } from '../../scripts/build.mjs';

/**
 * The server files and the end-to-end files start the production server (build/server/main.js)
 * as a child process: built here when its sources changed since the last build (well under a
 * second), so a run never starts an old one.
 */
export default async function setup(): Promise<void> {
  await buildParts({ parts: ['server'], onlyChanged: true });
}
