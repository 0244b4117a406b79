import { createHash } from 'node:crypto';

/** A library form as the PWA sends it: text parts, then the file part (spec 03 §7). */
export function libraryForm(
  fields: Record<string, string | number | boolean>,
  file?: { part: string; name: string; bytes: Uint8Array },
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  if (file) {
    form.append(file.part, new Blob([file.bytes]), file.name);
    form.append('Filename', file.name);
  }
  return form;
}

/** `size` bytes of a recognisable pattern (a file's content differs by `seed`). */
export const fileBytes = (size: number, seed = 1): Uint8Array =>
  Uint8Array.from({ length: size }, (_, i) => (i * 31 + seed) & 0xff);

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
