import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import type { IdKind } from '@shared/api/ids';
import {
  listAfterQuery,
  listCursorParams,
  listRoutePatterns,
  listSearchParams,
} from '@shared/api/list-resource';
import type { Action } from '@shared/access/permissions';
import { idParams } from '@shared/api/ids';
import { CUSTOMER_NOT_FOUND, assertVisible, type CustomerScope } from '@server/auth/tenancy';
import type { Caller } from '@server/auth/tokens';
import type { DbOrTx } from '@server/db/client';
import { customers } from '@server/db/schema';
import { notFound } from '@server/errors/http-errors';
import type { App } from './types';

/** A position in a list: the last id the client has (numeric ids, or uuids). */
export type ListCursor = number | string;

/** What a page is asked for; the source applies all of it. */
export interface ListQuery<TFilter extends string, TCursor extends ListCursor = number> {
  scope: CustomerScope;
  /** Who asks: answers may differ by role (forward secrets are null for Viewers). */
  caller: Caller;
  /** Only rows after this id in the list's order (the last id the client has). */
  after?: TCursor;
  /** Only this customer's rows (already checked to exist and be in scope). */
  customerId?: number;
  /** Only rows whose `filter` field contains `text`, case-insensitive. */
  search?: { filter: TFilter; text: string };
  /** The list's own query parameters (`ListResource.params`), parsed. */
  params?: Readonly<Record<string, unknown>>;
}

/** Reads pages and counts of one resource, always within `query.scope`. */
export interface ListSource<TItem, TFilter extends string, TCursor extends ListCursor = number> {
  /** At most the resource's page size, ordered by id (ascending, or newest first). */
  page(query: ListQuery<TFilter, TCursor>): Promise<TItem[]>;
  count(scope: CustomerScope, params?: Readonly<Record<string, unknown>>): Promise<number>;
}

export interface ListResource<TItem, TFilter extends string, TCursor extends ListCursor = number> {
  /** The path below /api without slashes, e.g. 'devices'. */
  base: string;
  /** Who may list (src/shared/access/permissions.ts); tenancy comes on top from the source. */
  access: Action;
  tags: string[];
  /** The kind of the rows' ids: the `lastId` and `?after=` cursors take its range. */
  idKind: Exclude<IdKind, 'imei'>;
  /** The searchable fields, as the client names them in `search/{filter}/…`. */
  filters: readonly TFilter[];
  /** The answer of every page route (`listPageSchema`). */
  page: v.GenericSchema<TItem[]>;
  source: ListSource<TItem, TFilter, TCursor>;
  /** False for lists that belong to no customer: no customer route, no customer segment. */
  perCustomer?: boolean;
  /**
   * Query parameters every route of the list takes besides `?after=` (the rtddata lists'
   * `?type=`): validated like the rest (400 `{ errors }`) and handed to the source as `params`.
   */
  params?: v.ObjectEntries;
}

/** A customer filter must name a customer that exists and is in the caller's scope (else 404). */
async function requireCustomer(db: DbOrTx, scope: CustomerScope, customerId: number) {
  // Non-admin scopes are read from the customers table: in scope means it exists.
  if (!scope.all) {
    assertVisible(scope, customerId, CUSTOMER_NOT_FOUND);
    return;
  }
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!row) throw notFound(CUSTOMER_NOT_FOUND);
}

const countSchema = (noun: string) =>
  v.pipe(v.number(), v.description(`How many ${noun} the caller's scope holds`));

/**
 * The list shape of spec 02 §7 for one resource, mounted by `mountListResource`:
 *
 * | Route                                               | Answers                              |
 * | --------------------------------------------------- | ------------------------------------ |
 * | `GET {base}/`, `GET {base}/chunk/`                  | the first page                       |
 * | `GET {base}/chunk/{lastId}`                         | the page after `lastId`              |
 * | `GET {base}/all/`                                   | how many are in scope (a number)     |
 * | `GET {base}/search/{filter}/{text}[/{customer}]`    | "contains" on one field, `?after=`   |
 * | `GET {base}/customer/{customerId}`                  | one customer's, `?after=`            |
 *
 * Pages are keyset pages by id (never skip or repeat when rows are added meanwhile), at most the
 * resource's page size, ordered by id (ascending, or newest first for the log and raw messages:
 * `keysetSource`'s `order`); a shorter page is the last. `filter` is a picklist of the
 * resource's searchable fields (400 otherwise), ids are checked against their column's range, and
 * a customer out of the caller's scope (or missing) is 404. The client builds the same paths
 * with `listPaths(base)` from src/shared/api/list-resource.ts.
 *
 * A next resource (forwards, endpoints, log, raw messages, auth servers) mounts it from its
 * module's routes with a source over its table (`keysetSource`, list-resource-source.ts):
 *
 * ```ts
 * mountListResource(app, db, {
 *   base: 'forwards',
 *   access: 'lookups.read',
 *   tags: ['forwards'],
 *   idKind: 'forward',
 *   filters: ['Name', 'IP', 'Port'],
 *   page: listPageSchema(ForwardSchema, { base: 'forwards', pageSize: 100, noun: 'forwards' }),
 *   source: keysetSource(db, {
 *     table: forwards,
 *     id: forwards.id,
 *     customerId: forwards.customerId,
 *     pageSize: 100,
 *     select: () => db.select(forwardColumns).from(forwards).leftJoin(…).$dynamic(),
 *     search: { Name: contains(forwards.name), IP: contains(forwards.ip), Port: contains(…) },
 *   }),
 * });
 * ```
 *
 * A resource whose page needs its own query (the devices' two-phase search) supplies its own
 * `ListSource`. Lists of no tenant (log, raw messages) set `perCustomer: false`: no customer
 * route and no customer search segment.
 */
export function mountListResource<
  TItem,
  TFilter extends string,
  TCursor extends ListCursor = number,
>(app: App, db: DbOrTx, resource: ListResource<TItem, TFilter, TCursor>): void {
  const { base, source, idKind, tags } = resource;
  const routes = listRoutePatterns(base);
  const config = { access: resource.access };
  const response = { 200: resource.page };
  // The cursor schemas parse ids of `idKind`, which is what TCursor stands for.
  const after = v.object({ ...listAfterQuery(idKind).entries, ...resource.params });
  // Only lists with their own parameters take a query on the routes without `?after=`.
  const own = resource.params ? { querystring: v.object(resource.params) } : {};
  const paramsOf = (query: unknown) =>
    resource.params ? (query as Record<string, unknown>) : undefined;
  const search = listSearchParams(resource.filters);
  const docs = (summary: string) => ({ tags, summary, response });

  const firstPage = { config, schema: { ...docs(`The first page of ${base}`), ...own } };
  app.get(routes.first, firstPage, async (request) =>
    source.page({
      scope: await request.scope(),
      caller: request.caller,
      params: paramsOf(request.query),
    }),
  );
  app.get(routes.chunk, firstPage, async (request) =>
    source.page({
      scope: await request.scope(),
      caller: request.caller,
      params: paramsOf(request.query),
    }),
  );
  app.get(
    routes.chunkAfter,
    {
      config,
      schema: { ...docs('The page after lastId'), params: listCursorParams(idKind), ...own },
    },
    async (request) =>
      source.page({
        scope: await request.scope(),
        caller: request.caller,
        after: request.params.lastId as TCursor,
        params: paramsOf(request.query),
      }),
  );
  app.get(
    routes.count,
    {
      config,
      schema: { tags, summary: `Count of ${base}`, response: { 200: countSchema(base) }, ...own },
    },
    async (request) => source.count(await request.scope(), paramsOf(request.query)),
  );

  const searchDocs = { ...docs(`Search ${base}: the field contains the text`), querystring: after };
  app.get(
    routes.search,
    { config, schema: { ...searchDocs, params: search.withoutCustomer } },
    async (request) => {
      const { filter, text } = request.params;
      const scope = await request.scope();
      return source.page({
        scope,
        caller: request.caller,
        search: { filter, text },
        after: request.query.after as TCursor | undefined,
        params: paramsOf(request.query),
      });
    },
  );
  if (resource.perCustomer === false) return;

  app.get(
    routes.searchOfCustomer,
    { config, schema: { ...searchDocs, params: search.withCustomer } },
    async (request) => {
      const { filter, text, customer } = request.params;
      const scope = await request.scope();
      if (customer !== undefined) await requireCustomer(db, scope, customer);
      return source.page({
        scope,
        caller: request.caller,
        search: { filter, text },
        customerId: customer,
        after: request.query.after as TCursor | undefined,
        params: paramsOf(request.query),
      });
    },
  );
  app.get(
    routes.ofCustomer,
    {
      config,
      schema: {
        ...docs(`One customer's ${base}`),
        params: idParams('customerId', 'customer'),
        querystring: after,
      },
    },
    async (request) => {
      const scope = await request.scope();
      const { customerId } = request.params;
      await requireCustomer(db, scope, customerId);
      return source.page({
        scope,
        caller: request.caller,
        customerId,
        after: request.query.after as TCursor | undefined,
        params: paramsOf(request.query),
      });
    },
  );
}
