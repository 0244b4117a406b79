import { listPaths, listRoutePatterns } from '@shared/api/list-paths';

/**
 * API paths of the tachograph area (downloads, overviews, remote downloads, authentication
 * servers, company cards), relative to the API base. Apart from `api-paths.ts` so the app's
 * entry bundle, which needs the core paths at sign-in, does not carry them.
 */

type Id = number | string;
/** Tacho downloads (`?type=` 1 vehicle, 2 driver) and, under `latest/`, the overviews' rows. */
const tachoFilesList = listPaths('rtddata');
const tachoFilesRoutes = listRoutePatterns('rtddata');
const tachoLatestList = listPaths('rtddata/latest');
const tachoLatestRoutes = listRoutePatterns('rtddata/latest');
const authServersList = listPaths('authservers');
const authServersRoutes = listRoutePatterns('authservers');

/** Appends `type={kind}` to a path that may already have a query (`?after=`). */
const typed = (path: string, kind: number) =>
  `${path}${path.includes('?') ? '&' : '?'}type=${kind}`;
/** Plates or driver names of the overviews' side panel, one path segment. */
const namesSegment = (names: readonly string[]) => names.map(encodeURIComponent).join(',');

export const tachoApiPaths = {
  tachoFiles: (kind: number) => typed(tachoFilesList.first, kind),
  tachoFilesChunk: (kind: number, lastId?: Id) => typed(tachoFilesList.chunk(lastId), kind),
  tachoFilesCount: (kind: number) => typed(tachoFilesList.count, kind),
  tachoFilesSearch: (
    kind: number,
    filter: string,
    text: string,
    customer?: Id | null,
    after?: Id,
  ) => typed(tachoFilesList.search(filter, text, customer, after), kind),
  tachoFilesOfCustomer: (kind: number, customerId: Id, after?: Id | null) =>
    typed(tachoFilesList.ofCustomer(customerId, after), kind),
  tachoLatest: (kind: number) => typed(tachoLatestList.first, kind),
  tachoLatestChunk: (kind: number, lastId?: Id) => typed(tachoLatestList.chunk(lastId), kind),
  tachoLatestCount: (kind: number) => typed(tachoLatestList.count, kind),
  tachoLatestSearch: (
    kind: number,
    filter: string,
    text: string,
    customer?: Id | null,
    after?: Id,
  ) => typed(tachoLatestList.search(filter, text, customer, after), kind),
  tachoLatestOfCustomer: (kind: number, customerId: Id, after?: Id | null) =>
    typed(tachoLatestList.ofCustomer(customerId, after), kind),
  tachoFile: (fileId: Id) => `rtddata/${fileId}`,
  tachoRequestMassDownload: (imei: string) => `rtddata/requestMassDownload/${imei}`,
  tachoRequestCardDownload: (cardNumber: string) => `rtddata/requestCardDownload/${cardNumber}`,
  tachoStateGraph: 'rtddata/stategraph',
  tachoObjectFiles: (plates: readonly string[]) => `tachoobject/${namesSegment(plates)}`,
  tachoDriverFiles: (names: readonly string[]) => `tachodriver/${namesSegment(names)}`,

  authServers: authServersList.first,
  authServersChunk: (lastId?: Id) => authServersList.chunk(lastId),
  authServersCount: authServersList.count,
  authServersSearch: (filter: string, text: string, customer?: Id | null, after?: Id) =>
    authServersList.search(filter, text, customer, after),
  authServersOfCustomer: (customerId: Id, after?: Id | null) =>
    authServersList.ofCustomer(customerId, after),
  authServer: (id: Id) => `authservers/${id}`,
  companyCards: 'companycards/',
  companyCardsOfCustomer: (customerId: Id) => `companycards/customer/${customerId}`,
  companyCard: (id: Id) => `companycards/${id}`,
} as const;

/** Route patterns as the server registers them (Fastify syntax). */
export const tachoServerRoutes = {
  tachoFiles: tachoFilesRoutes,
  tachoLatest: tachoLatestRoutes,
  tachoFile: '/rtddata/:fileId',
  tachoRequestMassDownload: '/rtddata/requestMassDownload/:imei',
  tachoRequestCardDownload: '/rtddata/requestCardDownload/:cardNumber',
  tachoStateGraph: '/rtddata/stategraph',
  tachoObjectFiles: '/tachoobject/:plates',
  tachoDriverFiles: '/tachodriver/:names',

  authServers: authServersRoutes,
  authServer: '/authservers/:id',
  companyCards: '/companycards',
  companyCardsOfCustomer: '/companycards/customer/:customerId',
  companyCard: '/companycards/:id',
} as const;
