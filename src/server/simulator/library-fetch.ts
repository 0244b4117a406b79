import { createHash } from 'node:crypto';
import { DEVICE_IMEI_HEADER, type LibraryFileRef } from '@shared/devices/device-link';
import { signDeviceMessage } from '@server/auth/device-signing';

export interface LibraryFetchOptions {
  /** The device link's URL; the file's path is resolved against it. */
  linkUrl: string;
  imei: string;
  credential: string;
  /** Bytes per request: a modem fetches an image in parts and resumes after a drop. */
  chunkBytes: number;
  /** Failed requests tolerated before the download is given up. */
  maxFailures: number;
  requestTimeoutMs: number;
  signal: AbortSignal;
  fetch: typeof fetch;
}

export type LibraryFetch = { ok: true; bytes: Uint8Array } | { ok: false; reason: string };

/**
 * Downloads a library file as a tracker does (docs/device-protocol.md, "Library files"): in
 * ranges of `chunkBytes`, each request signed over the path, resuming from the bytes it has
 * after a failed request; then checks the size and the SHA-256 the setting named.
 */
export async function fetchLibraryFile(
  o: LibraryFetchOptions,
  file: LibraryFileRef,
): Promise<LibraryFetch> {
  const url = new URL(file.Url, o.linkUrl);
  const parts: Uint8Array[] = [];
  let have = 0;
  let failures = 0;
  while (have < file.Size) {
    if (o.signal.aborted) return { ok: false, reason: 'stopped' };
    const last = Math.min(file.Size, have + o.chunkBytes) - 1;
    try {
      const response = await o.fetch(url, {
        headers: {
          [DEVICE_IMEI_HEADER]: o.imei,
          range: `bytes=${String(have)}-${String(last)}`,
          ...signDeviceMessage(o.credential, url.pathname),
        },
        signal: AbortSignal.any([o.signal, AbortSignal.timeout(o.requestTimeoutMs)]),
      });
      const body = new Uint8Array(await response.arrayBuffer());
      if (response.status !== 206 && response.status !== 200)
        throw new Error(`HTTP ${String(response.status)}`);
      // A 200 is the whole file: start over with it.
      if (response.status === 200) {
        parts.length = 0;
        have = 0;
      }
      parts.push(body);
      have += body.length;
      if (body.length === 0) throw new Error('empty part');
    } catch (error) {
      if (++failures > o.maxFailures)
        return { ok: false, reason: `download failed: ${(error as Error).message}` };
    }
  }
  const bytes = Buffer.concat(parts, have);
  if (bytes.length !== file.Size) return { ok: false, reason: 'size mismatch' };
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return sha256 === file.Sha256 ? { ok: true, bytes } : { ok: false, reason: 'checksum mismatch' };
}
