// `npm start`: builds what changed since the last build (the PWA, the server), then runs the
// built server in this process with plain node (decision 066).
import { pathToFileURL } from 'node:url';
import { buildParts, serverEntry } from './build.mjs';

await buildParts({ onlyChanged: true });
await import(pathToFileURL(serverEntry).href);
