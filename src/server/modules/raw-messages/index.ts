import type { ServerModule } from '@server/modules/module';
import { rawMessageRoutes } from './routes';
import { startRawMessageIndexer, type RawMessageIndexer } from './search-indexer';
export { countMessages, rebuildMessageCounters } from './counters';
export { catchUpRawMessageSearch } from './search-indexer';

/**
 * Every device's raw messages for admins (spec 02 "Raw Messages page"), and the indexer that
 * keeps their search up to date while the app runs. The device page's own list is in the
 * devices module (`devices/rawmessages/{imei}`).
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
    rawMessageRoutes(app, db);
  },
};
