/**
 * Spec 03 §4: "Lists are replaced, added or updated by Id after a successful call". The saved
 * row the server answers takes its old place, or joins the list (at the start where the list is
 * newest first). An absent list stays absent: it loads whole when a screen needs it.
 */
export function putById<T extends { Id: number }>(
  rows: readonly T[] | undefined,
  saved: T,
  place: 'start' | 'end' = 'end',
): T[] | undefined {
  if (!rows) return undefined;
  if (rows.some((row) => row.Id === saved.Id)) {
    return rows.map((row) => (row.Id === saved.Id ? saved : row));
  }
  return place === 'start' ? [saved, ...rows] : [...rows, saved];
}
