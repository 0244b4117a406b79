import { sql } from 'drizzle-orm';
import { serverRoutes } from '../../../shared/api-paths';
import type { Db } from '../../db/client';
import type { App } from '../../http/types';

/** Liveness and database reachability; public so the PWA can probe connectivity. */
export function healthRoutes(app: App, db: Db): void {
  app.get(
    serverRoutes.health,
    { config: { access: 'public' }, schema: { tags: ['health'], security: [] } },
    async (_request, reply) => {
      try {
        await db.execute(sql`select 1`);
        return { status: 'ok', database: 'ok' };
      } catch {
        return reply.code(503).send({ status: 'degraded', database: 'unreachable' });
      }
    },
  );
}
