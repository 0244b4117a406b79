import { useBoundField } from './field-state';
import { FileField, type FileFieldProps } from './FileField';

type Bound<P> = Omit<P, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'>;

/**
 * A file picker bound to a `File | null` field (a library's configuration file, a firmware
 * image). Its rules are the schema's (`libraryFileField` in src/shared): a chosen file is
 * checked at once, so a wrong format or size shows before anything is uploaded.
 */
export function BoundFileField(props: Bound<FileFieldProps>) {
  return <FileField {...props} {...useBoundField<File | null>(props.disabled)} />;
}
