/**
 * `Content-Disposition: attachment` naming the file the browser saves (RFC 6266): a plain ASCII
 * `filename` for old clients and the exact name as `filename*` (RFC 8187, UTF-8). Path
 * separators and control characters never reach either, so a stored name cannot pick a folder
 * or break the header.
 */
export function attachmentDisposition(fileName: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed here
  const clean = fileName.replace(/[\u0000-\u001f\u007f/\\]/g, '_').trim() || 'download';
  const ascii = clean.replace(/[^\x20-\x7e]|["%]/g, '_');
  const encoded = encodeURIComponent(clean).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
