/**
 * The list shape spec 02 repeats for devices, customers, forwards, endpoints, log, raw messages
 * and authentication servers: a first page, the next page after a last id, a count, a search on
 * one field (optionally within one customer) and a customer's list. Its paths are in
 * list-paths.ts; here are the schemas of its parameters and pages.
 */

import * as v from 'valibot';
import { wholeNumberPatternSource } from './id-limits';
import { idParam, idParams, MAX_SERIAL_ID, type RowIdKind } from './ids';

export * from './list-paths';

/** Search text: trimmed, 1–100 characters ("contains", case-insensitive, on the server). */
export const SearchTextSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('Search text is required'),
  v.maxLength(100, 'Search text is too long'),
);

const CUSTOMER_SEGMENT_MESSAGE = 'Must be a customer id';
/** A customer id, or 'null'. */
const CUSTOMER_SEGMENT = new RegExp(`^(?:null|${wholeNumberPatternSource(MAX_SERIAL_ID)})$`);
/** The search's customer segment; the literal 'null' means "no customer restriction". */
export const CustomerSegmentSchema = v.optional(
  v.pipe(
    v.string(CUSTOMER_SEGMENT_MESSAGE),
    v.regex(CUSTOMER_SEGMENT, CUSTOMER_SEGMENT_MESSAGE),
    v.transform((s) => (s === 'null' ? undefined : Number(s))),
    v.metadata({ idKind: 'customer', idUse: 'object' }),
  ),
);

/** Path parameters of `{base}/search/{filter}/{text}` and `…/{text}/{customer}`. */
export function listSearchParams<const TFilter extends string>(filters: readonly TFilter[]) {
  const filter = v.picklist(filters, `Filter must be one of ${filters.join(', ')}`);
  return {
    withoutCustomer: v.object({ filter, text: SearchTextSchema }),
    withCustomer: v.object({ filter, text: SearchTextSchema, customer: CustomerSegmentSchema }),
  };
}

/**
 * `{base}/chunk/{lastId}`: any id of the list's kind is a position, found or not (a number, or a
 * lowercased uuid for uuid kinds).
 */
export const listCursorParams = (kind: RowIdKind) => idParams('lastId', kind, 'cursor');

/** `?after={lastId}` of search and customer lists. */
export const listAfterQuery = (kind: RowIdKind) =>
  v.object({ after: v.optional(idParam(kind, 'cursor')) });

/**
 * A page: at most `pageSize` items ordered by Id (ascending, or `order: 'desc'` newest first);
 * a shorter page is the last.
 */
export function listPageSchema<TItem extends v.GenericSchema>(
  item: TItem,
  {
    base,
    pageSize,
    noun,
    order = 'asc',
  }: { base: string; pageSize: number; noun: string; order?: 'asc' | 'desc' },
) {
  const ordered = order === 'asc' ? 'ordered by Id ascending' : 'newest first (Id descending)';
  return v.pipe(
    v.array(item),
    v.description(
      `At most ${pageSize} ${noun} ${ordered}. Continue with the Id of the last ` +
        `one (${base}/chunk/{lastId}, or ?after={lastId} on search and customer lists); a page ` +
        `of fewer than ${pageSize} is the last.`,
    ),
  );
}
