type Value = string | number | null | undefined;

/** A row's text for one search filter; several values (any may match) as an array. */
export type FieldText<T> = (row: T) => Value | readonly Value[];

/**
 * A field of fixed words (Active/InActive): a value matches when it begins with the text, so
 * 'active' does not find 'InActive' the way a part of a free text would.
 */
export interface WordsField<T> {
  readonly words: FieldText<T>;
}
export const wordsField = <T>(words: FieldText<T>): WordsField<T> => ({ words });

/** What a filter searches: the row's text (any part of it matches) or its words. */
export type FieldSearch<T> = FieldText<T> | WordsField<T>;

/** The search filters of a client-side list: each filter's name and the row text it searches. */
export type ClientFields<T, F extends string> = Readonly<Record<F, FieldSearch<T>>>;

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
  field: FieldSearch<T>,
  text: string,
  customer?: { id: number | null; of: (row: T) => number | null },
): readonly T[] {
  const needle = text.trim().toLowerCase();
  const customerId = customer?.id ?? null;
  if (needle === '' && customerId === null) return rows;
  const matches: (row: T) => boolean =
    typeof field === 'function'
      ? (row) => texts(field(row)).some((t) => t.includes(needle))
      : (row) => texts(field.words(row)).some((t) => t.startsWith(needle));
  return rows.filter(
    (row) =>
      (customerId === null || customer?.of(row) === customerId) && (needle === '' || matches(row)),
  );
}
