/**
 * The text parts and files of a multipart body, files as 'name (size bytes)'. Read from the raw
 * body: happy-dom's `formData()` drops empty text parts, and an empty Filename is the point.
 */
export async function partsOf(request: Request): Promise<Record<string, string>> {
  const body = await request.text();
  const boundary = body.slice(0, body.indexOf('\r\n'));
  const parts: Record<string, string> = {};
  for (const part of body.split(boundary).slice(1, -1)) {
    const [head = '', ...rest] = part.slice(2, -2).split('\r\n\r\n');
    const value = rest.join('\r\n\r\n');
    const name = /name="([^"]*)"/.exec(head)?.[1] ?? '';
    const file = /filename="([^"]*)"/.exec(head)?.[1];
    parts[name] = file === undefined ? value : `${file} (${String(value.length)} bytes)`;
  }
  return parts;
}
