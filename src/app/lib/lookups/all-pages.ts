import { api } from '@app/lib/api-client';

/** Far more than any customer has; a loop guard, not a limit anyone should meet. */
const MAX_PAGES = 50;

/**
 * Every page of a keyset list (spec 02's list shape), following the last row's Id until a page
 * shorter than `pageSize`: for selects that must offer all of a customer's rows.
 */
export async function fetchAllPages<T extends { Id: number | string }>(
  path: (after: T['Id'] | null) => string,
  pageSize: number,
  signal: AbortSignal,
): Promise<T[]> {
  const rows: T[] = [];
  let after: T['Id'] | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const found: T[] = await api.get<T[]>(path(after), { signal });
    rows.push(...found);
    const last: T | undefined = found.at(-1);
    if (found.length < pageSize || !last) break;
    after = last.Id;
  }
  return rows;
}
