import { LOG_SEARCH_FILTERS, LogPageSchema } from '../../../shared/operator-log';
import { mountListResource } from '../../http/list-resource';
import type { ServerModule } from '../module';
import { logSource } from './repository';

/**
 * The middleware's log for admins (spec 02 "Log page"): `log/`, `log/chunk/{lastId}`,
 * `log/search/{Message|Level|TimeStamp}/{text}`, `log/all/` on the list resource, newest first.
 * Entries are written by the other modules through operator-log/write.ts.
 */
export const logModule: ServerModule = {
  name: 'log',
  routes: (app, { db }) => {
    mountListResource(app, db, {
      base: 'log',
      access: 'log.read',
      tags: ['log'],
      idKind: 'logEntry',
      filters: LOG_SEARCH_FILTERS,
      page: LogPageSchema,
      source: logSource(db),
      perCustomer: false,
    });
  },
};
