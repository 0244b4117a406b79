import { and, eq } from 'drizzle-orm';
import { serverRoutes } from '../../../shared/api-paths';
import { ForwardIdParamsSchema } from '../../../shared/forwards';
import type { Db } from '../../db/client';
import { forwards } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { App } from '../../http/types';
import { sharedOrInScope } from '../lookup-scope';
import { listForwards, listMessageTypes, listProtocols } from './repository';

const tags = ['forwards'];

/** Forwards for the device's forward modal, and the protocol and message-type lookups. */
export function forwardLookupRoutes(app: App, db: Db): void {
  app.get(serverRoutes.forwards, { schema: { tags } }, async (request) =>
    listForwards(db, sharedOrInScope(await request.scope(), forwards.customerId)),
  );
  app.get(serverRoutes.forwardProtocols, { schema: { tags } }, () => listProtocols(db));
  app.get(serverRoutes.forwardMessageTypes, { schema: { tags } }, () => listMessageTypes(db));
  app.get(
    serverRoutes.forward,
    { schema: { tags, params: ForwardIdParamsSchema } },
    async (request) => {
      const scope = await request.scope();
      const [forward] = await listForwards(
        db,
        and(eq(forwards.id, request.params.id), sharedOrInScope(scope, forwards.customerId)),
      );
      if (!forward) throw notFound('Forward not found');
      return forward;
    },
  );
}
