/** What a select can hold: text, an id, or null / undefined for "none chosen". */
export type OptionValue = string | number | null | undefined;

/** One choice of a select or a multi-select. */
export interface Option<V extends OptionValue = string> {
  value: V;
  label: string;
  disabled?: boolean;
}

/** A native `<option>` carries text: none is the empty string, ids their digits. */
export const optionDomValue = (value: OptionValue): string =>
  value === null || value === undefined ? '' : String(value);

/** Nothing entered yet: the empty string, null or undefined, an empty list. */
export const isBlank = (value: unknown): boolean =>
  value === '' ||
  value === null ||
  value === undefined ||
  (Array.isArray(value) && value.length === 0);
