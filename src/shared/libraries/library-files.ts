import * as v from 'valibot';

/**
 * The files of the libraries (spec 03 §5, §9): a CAN protocol configuration (QTLibrary) or a
 * firmware image, and custom test data. One rule per kind, read by the client's file field
 * before it uploads and by the server while the upload streams (the size) and from the part's
 * name (the format).
 */
export interface LibraryFileRule {
  /** The multipart part that carries the file (spec 03 §7; `File` for custom test data). */
  part: 'Config' | 'Firmware' | 'File';
  maxBytes: number;
  /** Lower-case, with the dot; empty: any format. */
  extensions: readonly string[];
  formatMessage: string;
  requiredMessage: string;
}

export const FILE_TOO_LARGE = 'File too large';
export const FILE_EMPTY = 'The file is empty';
export const FILE_NAME_INVALID = 'Use a file name without folders, at most 200 characters';

/**
 * QTLibrary: .tlqs and .s2s on create and on update, and the message says so (the spec's create
 * message names the firmware formats by mistake; README decisions, issue 13).
 */
export const CAN_CONFIG_FILE: LibraryFileRule = {
  part: 'Config',
  maxBytes: 36_864,
  extensions: ['.tlqs', '.s2s'],
  formatMessage: 'Unsupported Format, Formats supported: .tlqs, .s2s',
  requiredMessage: 'Config file is Required',
};

export const FIRMWARE_FILE: LibraryFileRule = {
  part: 'Firmware',
  maxBytes: 393_216,
  extensions: ['.bin', '.tlqs', '.fota'],
  formatMessage: 'Unsupported Format, Formats supported: .bin, .tlqs, .fota',
  requiredMessage: 'Firmware file is Required',
};

/**
 * Custom test data (spec 03 §2, §3, §7; the upload is ours): any format, as the files are
 * whatever a customer's installers test with (CAN traces, CSV, PDF), at most 10 MiB. They are
 * only ever answered as attachments (application/octet-stream, nosniff), never shown.
 */
export const CUSTOM_TEST_DATA_FILE: LibraryFileRule = {
  part: 'File',
  maxBytes: 10 * 1024 * 1024,
  extensions: [],
  formatMessage: '',
  requiredMessage: 'File is Required',
};

/** What the checks need of a file: a browser File, or an upload's name and size. */
export interface FileFacts {
  name: string;
  size: number;
}

/** Why a file name is not acceptable for `rule`, or undefined. */
export function fileNameIssue(rule: LibraryFileRule, name: string): string | undefined {
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (!name || name.length > 200 || /[/\\\u0000-\u001f]/.test(name)) return FILE_NAME_INVALID;
  if (rule.extensions.length === 0) return undefined;
  const lower = name.toLowerCase();
  return rule.extensions.some((ext) => lower.endsWith(ext) && lower.length > ext.length)
    ? undefined
    : rule.formatMessage;
}

/** Why a file's size is not acceptable for `rule`, or undefined. */
export function fileSizeIssue(rule: LibraryFileRule, size: number): string | undefined {
  if (size > rule.maxBytes) return FILE_TOO_LARGE;
  if (size === 0) return FILE_EMPTY;
  return undefined;
}

const isFileFacts = (value: unknown): value is FileFacts =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as FileFacts).name === 'string' &&
  typeof (value as FileFacts).size === 'number';

/**
 * A form's file field: null when none was chosen (refused with the rule's message when
 * `required`), else a file of an accepted format and size. The format is checked first: a
 * 2 MB .exe is refused for its format.
 */
export function libraryFileField(rule: LibraryFileRule, required: boolean) {
  return v.pipe(
    v.nullable(v.custom<FileFacts>(isFileFacts, rule.requiredMessage)),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const file = dataset.value;
      const issue = file
        ? (fileNameIssue(rule, file.name) ?? fileSizeIssue(rule, file.size))
        : required
          ? rule.requiredMessage
          : undefined;
      if (issue) addIssue({ message: issue });
    }),
  );
}
