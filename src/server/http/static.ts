import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Source maps (and their precompressed copies): in the build for debugging, never served. */
const SOURCE_MAP = /\.map(\.br|\.gz)?$/i;
/** Where the build's hashed files live: a missing one is a 404, not the app's page. */
const ASSETS = '/assets/';

/**
 * Serves the built PWA. Hashed assets are cached for a year; everything else is revalidated so
 * a new build (and its service worker) is picked up at once. Unknown non-API GETs get index.html,
 * except under /assets/. Source maps stay private: the build writes them without pointing to them
 * (vite.config.ts `sourcemap: 'hidden'`) and they are not served.
 */
export async function registerStatic(app: FastifyInstance, staticDir: string): Promise<void> {
  const built = existsSync(path.join(staticDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      // The build writes .br and .gz beside each asset (scripts/precompress-plugin.ts).
      preCompressed: true,
      allowedPath: (pathName) => !SOURCE_MAP.test(pathName),
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'Cache-Control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!wantsPage || request.url.startsWith('/api') || request.url.startsWith(ASSETS)) {
      return reply.code(404).send({ message: 'Not found' });
    }
    if (!built) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The portal is not built yet: run `npm run build` (npm start does it for you).');
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
