/**
 * The paths of the list shape spec 02 repeats (list-resource.ts has its schemas). Client path
 * builders and server route patterns come from one base here, so the list kit and the server
 * cannot drift. No valibot here: the client's entry bundle needs the paths only.
 */

type Id = number | string;

/** `?after={lastId}`: search and customer lists continue after the last id received. */
export const afterQuery = (after?: Id | null): string => (after == null ? '' : `?after=${after}`);

/** The spec's client omits the customer segment when it would be the literal 'null'. */
const customerSegment = (customer?: Id | null) => (customer == null ? '' : `/${customer}`);

/** Paths relative to the API base, e.g. `listPaths('forwards').search('Name', 'abc')`. */
export interface ListPaths {
  /** `{base}/`: the first page. */
  first: string;
  /** `{base}/chunk/` (first page) or `{base}/chunk/{lastId}` (the page after it). */
  chunk(lastId?: Id | null): string;
  /** `{base}/all/`: how many there are in the caller's scope (a bare number). */
  count: string;
  /** `{base}/search/{filter}/{text}[/{customer}]`, continued with `?after={lastId}`. */
  search(filter: string, text: string, customer?: Id | null, after?: Id | null): string;
  /** `{base}/customer/{customerId}`, continued with `?after={lastId}`. */
  ofCustomer(customerId: Id, after?: Id | null): string;
}

export function listPaths(base: string): ListPaths {
  return {
    first: `${base}/`,
    chunk: (lastId) => (lastId == null ? `${base}/chunk/` : `${base}/chunk/${lastId}`),
    count: `${base}/all/`,
    search: (filter, text, customer, after) =>
      `${base}/search/${encodeURIComponent(filter)}/${encodeURIComponent(text)}` +
      `${customerSegment(customer)}${afterQuery(after)}`,
    ofCustomer: (customerId, after) => `${base}/customer/${customerId}${afterQuery(after)}`,
  };
}

/** The same routes as the server registers them (Fastify syntax, relative to `/api`). */
export function listRoutePatterns(base: string) {
  return {
    first: `/${base}`,
    chunk: `/${base}/chunk`,
    chunkAfter: `/${base}/chunk/:lastId`,
    count: `/${base}/all`,
    search: `/${base}/search/:filter/:text`,
    searchOfCustomer: `/${base}/search/:filter/:text/:customer`,
    ofCustomer: `/${base}/customer/:customerId`,
  } as const;
}
export type ListRoutePatterns = ReturnType<typeof listRoutePatterns>;
