import { LOG_SEARCH_FILTERS, LogPageSchema } from '@shared/log/operator-log';
import type { Db } from '@server/db/client';
import { mountListResource } from '@server/http/list-resource';
import type { App } from '@server/http/types';
import { logSource } from './repository';

/**
 * `log/`, `log/chunk/{lastId}`, `log/search/{Message|Level|TimeStamp}/{text}`, `log/all/` on the
 * list resource, newest first, for every customer at once (admins only).
 */
export function logRoutes(app: App, db: Db): void {
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
}
