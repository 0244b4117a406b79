import type { Readable } from 'node:stream';

const ignore = () => undefined;

export type UploadRead =
  | { kind: 'read'; bytes: Buffer }
  /** More than the limit arrived: reading stopped there, the rest was never read. */
  | { kind: 'too large' }
  /** The client went away (or timed out) before the end. */
  | { kind: 'cut off' };

/**
 * Reads a request body chunk by chunk into the HMAC and memory, and stops at once when it
 * passes `maxBytes`: the stream is left paused, so no more of it is read and the answer can
 * still be sent (the caller closes the connection with it). Not `for await`, whose early exit
 * destroys the request and with it the socket the answer has to go out on.
 */
export function readLimited(
  stream: Readable,
  hmac: { update(chunk: Buffer): unknown },
  maxBytes: number,
): Promise<UploadRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: UploadRead) => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onCutOff);
      stream.off('close', onCutOff);
      // A reset after the answer must not become an unhandled 'error' event.
      stream.on('error', ignore);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        stream.pause();
        finish({ kind: 'too large' });
        return;
      }
      hmac.update(chunk);
      chunks.push(chunk);
    };
    const onEnd = () => {
      finish({ kind: 'read', bytes: Buffer.concat(chunks, size) });
    };
    // 'close' without 'end' first: aborted. (After 'end', finish has removed this listener.)
    const onCutOff = () => {
      finish({ kind: 'cut off' });
    };
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onCutOff);
    stream.on('close', onCutOff);
  });
}
