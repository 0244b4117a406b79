import {
  AUTH_SERVER_PAGE_SIZE,
  AUTH_SERVER_SEARCH_FILTERS,
  AuthServerPageSchema,
  type AuthServer,
  type AuthServerSearchFilter,
} from '@shared/access/auth-servers';
import type { DbOrTx } from '@server/db/client';
import { authServers } from '@server/db/schema';
import type { ListResource } from '@server/http/list-resource';
import { contains, keysetSource } from '@server/http/list-resource-source';
import { selectAuthServers, toAuthServer } from './repository';

/**
 * The authentication server list (`authservers/`, `…/chunk…`, `…/all/`, `…/search/…`,
 * `…/customer/{id}`) on the shared list resource. Servers of no customer are the provider's and
 * shared, like forwards: in every scope and every customer's list (a card may use them).
 */
export function authServerList(db: DbOrTx): ListResource<AuthServer, AuthServerSearchFilter> {
  return {
    base: 'authservers',
    access: 'authServers.read',
    tags: ['authservers'],
    idKind: 'authServer',
    filters: AUTH_SERVER_SEARCH_FILTERS,
    page: AuthServerPageSchema,
    source: keysetSource(db, {
      table: authServers,
      id: authServers.id,
      customerId: authServers.customerId,
      shared: true,
      pageSize: AUTH_SERVER_PAGE_SIZE,
      select: () => selectAuthServers(db),
      search: {
        Name: contains(authServers.name),
        IP: contains(authServers.ip),
        Forward: contains(authServers.forward),
      },
      toItems: (rows, { caller }) => rows.map((row) => toAuthServer(row, caller)),
    }),
  };
}
