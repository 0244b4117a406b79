type Value = string | number | null | undefined;

/** A row's text for one search filter; several values (any may match) as an array. */
export type FieldText<T> = (row: T) => Value | readonly Value[];

/** The search filters of a client-side list: each filter's name and the row text it searches. */
export type ClientFields<T, F extends string> = Readonly<Record<F, FieldText<T>>>;

const texts = (value: Value | readonly Value[]): string[] =>
  (Array.isArray(value) ? value : [value]).flatMap((v: Value) =>
    v === null || v === undefined ? [] : [String(v).toLowerCase()],
  );

/**
 * The rows whose field contains the text, ignoring case (the server's search rule too,
 * docs/decisions/009), narrowed to a customer when one is chosen.
 */
export function searchRows<T>(
  rows: readonly T[],
  field: FieldText<T>,
  text: string,
  customer?: { id: number | null; of: (row: T) => number | null },
): readonly T[] {
  const needle = text.trim().toLowerCase();
  const customerId = customer?.id ?? null;
  if (needle === '' && customerId === null) return rows;
  return rows.filter(
    (row) =>
      (customerId === null || customer?.of(row) === customerId) &&
      (needle === '' || texts(field(row)).some((t) => t.includes(needle))),
  );
}
