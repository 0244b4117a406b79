import { RAW_MESSAGE_SEARCH_FILTERS, RawMessagePageSchema } from '@shared/devices/raw-messages';
import type { Db } from '@server/db/client';
import { mountListResource } from '@server/http/list-resource';
import type { App } from '@server/http/types';
import { rawMessageSource } from './repository';

/**
 * `rawmessages/`, `rawmessages/chunk/{lastId}`, `rawmessages/search/Message/{text}`,
 * `rawmessages/all/` on the list resource, newest first, for every device at once (admins only).
 */
export function rawMessageRoutes(app: App, db: Db): void {
  mountListResource(app, db, {
    base: 'rawmessages',
    access: 'rawMessages.read',
    tags: ['raw messages'],
    idKind: 'rawMessage',
    filters: RAW_MESSAGE_SEARCH_FILTERS,
    page: RawMessagePageSchema,
    source: rawMessageSource(db),
    perCustomer: false,
  });
}
