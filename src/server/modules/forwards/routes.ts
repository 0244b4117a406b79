import { and, eq } from 'drizzle-orm';
import { serverRoutes } from '../../../shared/api-paths';
import { ForwardIdParamsSchema } from '../../../shared/forwards';
import type { SecretBox } from '../../auth/secret-box';
import type { Db } from '../../db/client';
import { forwards } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { App } from '../../http/types';
import { sharedOrInScope } from '../lookup-scope';
import { listForwards, listMessageTypes, listProtocols } from './repository';
import { sealPlainForwardSecrets } from './secrets';

const tags = ['forwards'];
/** Selector lookups: any signed-in user, tenancy on top where rows have a customer. */
const config = { access: 'lookups.read' } as const;

/** Forwards for the device's forward modal, and the protocol and message-type lookups. */
export function forwardLookupRoutes(app: App, db: Db, secrets: SecretBox): void {
  // Values stored in clear (older databases, bulk loads) are sealed before the API serves.
  app.addHook('onReady', async () => {
    const sealed = await sealPlainForwardSecrets(db, secrets);
    if (sealed > 0) app.log.info({ forwards: sealed }, 'forward secrets encrypted at rest');
  });
  app.get(serverRoutes.forwards, { config, schema: { tags } }, async (request) =>
    listForwards(db, sharedOrInScope(await request.scope(), forwards.customerId), request.caller),
  );
  app.get(serverRoutes.forwardProtocols, { config, schema: { tags } }, () => listProtocols(db));
  app.get(serverRoutes.forwardMessageTypes, { config, schema: { tags } }, () =>
    listMessageTypes(db),
  );
  app.get(
    serverRoutes.forward,
    { config, schema: { tags, params: ForwardIdParamsSchema } },
    async (request) => {
      const scope = await request.scope();
      const [forward] = await listForwards(
        db,
        and(eq(forwards.id, request.params.id), sharedOrInScope(scope, forwards.customerId)),
        request.caller,
      );
      if (!forward) throw notFound('Forward not found');
      return forward;
    },
  );
}
