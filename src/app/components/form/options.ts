/** What a select can hold: text, an id, a yes/no, or null / undefined for "none chosen". */
export type OptionValue = string | number | boolean | null | undefined;

/** One choice of a select or a multi-select. */
export interface Option<V extends OptionValue = string> {
  value: V;
  label: string;
  disabled?: boolean;
  /**
   * It means "nothing chosen yet" though its value is not blank ('--' with value 0): a field
   * starting on it counts as empty, so its rule waits until the field is touched.
   */
  placeholder?: boolean;
}

/** A native `<option>` carries text: none is the empty string, ids their digits, 'true'/'false'. */
export const optionDomValue = (value: OptionValue): string =>
  value === null || value === undefined ? '' : String(value);

/** Nothing entered yet: the empty string, null or undefined, an empty list. */
export const isBlank = (value: unknown): boolean =>
  value === '' ||
  value === null ||
  value === undefined ||
  (Array.isArray(value) && value.length === 0);
