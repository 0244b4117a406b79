import { mountListResource } from '@server/http/list-resource';
import type { ServerModule } from '@server/modules/module';
import { tachoFileList } from './files-list';
import { tachoLatestList } from './latest-list';
import { tachoRoutes } from './routes';

/**
 * Tachograph downloads for customers with 'Tacho Download' (spec 03 §2, §3): the download lists
 * (`rtddata/…?type=`), the overviews (`rtddata/latest/…?type=`), a file's bytes, the side panels
 * (`tachoobject/{plates}`, `tachodriver/{names}`) and the state graph. Reads only: the records
 * come from the device link, the requests from the remote download routes.
 */
export const tachoModule: ServerModule = {
  name: 'tacho',
  routes: (app, { db }) => {
    // The overviews first: `rtddata/latest/…` is static below `rtddata/`.
    mountListResource(app, db, tachoLatestList(db));
    mountListResource(app, db, tachoFileList(db));
    tachoRoutes(app, db);
  },
};
