import { create } from 'content-disposition';

/**
 * `Content-Disposition: attachment` naming the file the browser saves, written by the
 * `content-disposition` package (RFC 6266; the exact name as `filename*`, RFC 8187, with an
 * ASCII `filename` for old clients when needed). Path separators and control characters are
 * replaced first, so a stored name can neither pick a folder nor break the header.
 */
export function attachmentDisposition(fileName: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed here
  const clean = fileName.replace(/[\u0000-\u001f\u007f/\\]/g, '_').trim() || 'download';
  return create(clean);
}
