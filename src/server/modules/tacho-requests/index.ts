import type { ServerModule } from '@server/modules/module';
import { tachoRequestRoutes } from './routes';
import { startTachoScheduler, type TachoScheduler } from '@server/tacho/scheduler';

/**
 * Remote tachograph downloads: the two request routes, and the scheduler that requests downloads
 * by itself when one falls due (started with the app when its interval is above 0).
 */
export const tachoRequestsModule: ServerModule = {
  name: 'tacho-requests',
  routes: (app, { db, tachoSchedulerIntervalMs }) => {
    let scheduler: TachoScheduler | undefined;
    if (tachoSchedulerIntervalMs > 0) {
      app.addHook('onReady', () => {
        scheduler = startTachoScheduler(db, app.log, { intervalMs: tachoSchedulerIntervalMs });
        return Promise.resolve();
      });
      app.addHook('onClose', async () => {
        await scheduler?.stop();
      });
    }
    tachoRequestRoutes(app, db);
  },
};
