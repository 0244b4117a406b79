import { sql } from 'drizzle-orm';
import { serverRoutes } from '@shared/api/api-paths';
import type { Db } from '@server/db/client';
import { MESSAGE_BODY } from '@server/http/error-responses';
import type { App } from '@server/http/types';

const healthBody = (status: string, database: string) => ({
  type: 'object',
  properties: { status: { enum: [status] }, database: { enum: [database] } },
  required: ['status', 'database'],
});

/**
 * Its own answers: the database being down is a 503 with a body of its own, which the shared 503
 * (`{ message }`, the drain's, http/error-responses.ts) would not describe.
 */
const HEALTH_ANSWERS = {
  200: { ...healthBody('ok', 'ok'), description: 'The server and its database answer' },
  503: {
    anyOf: [healthBody('degraded', 'unreachable'), MESSAGE_BODY],
    description:
      'The database does not answer (`degraded`), or the server is shutting down (`{ message }`)',
  },
};

/** Liveness and database reachability; public so the PWA can probe connectivity. */
export function healthRoutes(app: App, db: Db): void {
  app.get(
    serverRoutes.health,
    {
      config: { access: 'public' },
      schema: { tags: ['health'], security: [], response: HEALTH_ANSWERS },
    },
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
