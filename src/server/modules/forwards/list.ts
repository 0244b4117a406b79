import { sql } from 'drizzle-orm';
import {
  FORWARD_PAGE_SIZE,
  FORWARD_SEARCH_FILTERS,
  type ForwardSearchFilter,
} from '@shared/forwards/forwards-list';
import { ForwardPageSchema, type Forward } from '@shared/forwards/forwards';
import type { DbOrTx } from '@server/db/client';
import { forwards } from '@server/db/schema';
import type { ListResource } from '@server/http/list-resource';
import { contains, keysetSource } from '@server/http/list-resource-source';
import { selectForwards, toForward } from './repository';

/**
 * The forwards list (`forwards/`, `forwards/chunk…`, `forwards/all/`, `forwards/search/…`,
 * `forwards/customer/{id}`) on the shared list resource. Forwards of no customer are the
 * provider's and shared with everyone (decision 012), so they are in every scope and in every
 * customer's list (the device page's forward modal offers them too).
 */
export function forwardList(db: DbOrTx): ListResource<Forward, ForwardSearchFilter> {
  return {
    base: 'forwards',
    access: 'forwards.read',
    tags: ['forwards'],
    idKind: 'forward',
    filters: FORWARD_SEARCH_FILTERS,
    page: ForwardPageSchema,
    source: keysetSource(db, {
      table: forwards,
      id: forwards.id,
      customerId: forwards.customerId,
      shared: true,
      pageSize: FORWARD_PAGE_SIZE,
      select: () => selectForwards(db),
      search: {
        Name: contains(forwards.name),
        IP: contains(forwards.ip),
        Port: contains(sql`${forwards.port}::text`),
      },
      toItems: (rows, { caller }) => rows.map((row) => toForward(row, caller)),
    }),
  };
}
