import { RAW_MESSAGE_SEARCH_FILTERS, RawMessagePageSchema } from '../../../shared/raw-messages';
import { mountListResource } from '../../http/list-resource';
import type { ServerModule } from '../module';
import { rawMessageSource } from './repository';
import { startRawMessageIndexer, type RawMessageIndexer } from './search-indexer';
export { countMessages, rebuildMessageCounters } from './counters';
export { catchUpRawMessageSearch } from './search-indexer';

/**
 * Every device's raw messages for admins (spec 02 "Raw Messages page"): `rawmessages/`,
 * `rawmessages/chunk/{lastId}`, `rawmessages/search/Message/{text}`, `rawmessages/all/`, newest
 * first. The device page's own list is in the devices module (`devices/rawmessages/{imei}`).
 */
export const rawMessagesModule: ServerModule = {
  name: 'raw-messages',
  routes: (app, { db }) => {
    let indexer: RawMessageIndexer | undefined;
    app.addHook('onReady', () => {
      indexer = startRawMessageIndexer(db, app.log);
      return Promise.resolve();
    });
    app.addHook('onClose', async () => {
      await indexer?.stop();
    });
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
  },
};
