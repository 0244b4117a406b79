/** A text part's value; yes/no go as 'true'/'false', numbers as their digits. */
type PartValue = string | number | boolean;

/**
 * A multipart body of text parts and at most one file (the library uploads, spec 03 §7). The
 * text parts go first: the server stops reading at a refused file, and by then it has them
 * all, so every field's message comes back in one answer.
 */
export function multipartBody(
  fields: Readonly<Record<string, PartValue>>,
  file?: { part: string; file: File | null },
): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, String(value));
  if (file?.file) body.append(file.part, file.file, file.file.name);
  return body;
}

/**
 * The browser File a form's file field holds. The shared schema knows a file by its name and
 * size alone (the server checks an upload with it too); the field only ever holds Files.
 */
export function chosenFile(value: { name: string; size: number } | null | undefined): File | null {
  if (value === null || value === undefined) return null;
  if (value instanceof File) return value;
  throw new TypeError('A file field holds a File');
}
