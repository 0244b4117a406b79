/** A multipart upload streamed over a real socket, to prove a size limit holds while it streams. */
import { connect, type Socket } from 'node:net';

const CHUNK = 64 * 1024;
const BOUNDARY = 'fleetportalboundary';

export interface StreamedUpload {
  port: number;
  authorization: string;
  /** e.g. `/api/AddonBoardFW/`. */
  path: string;
  /** The text parts, sent before the file. */
  fields: Record<string, string>;
  /** The file part's name and file name. */
  file: { part: string; name: string };
  /** The file's size in bytes. */
  total: number;
}

function partHeads({ fields, file }: StreamedUpload): string {
  const field = (name: string, value: string) =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  return (
    Object.entries(fields)
      .map(([name, value]) => field(name, value))
      .join('') +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.part}"; ` +
    `filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`
  );
}

export interface StreamedResult {
  /** The file bytes written before the server answered or closed. */
  bodyBytes: number;
  /** The raw response ('' when none was read). */
  response: string;
}

/**
 * Sends the form with a file of `total` bytes, chunked, until the server answers or closes;
 * answers the file bytes written by then and the raw response. The server answers and closes
 * with the rest unread, so its close is a reset: when one of our writes meets it before the
 * answer has been read, the socket is destroyed with the answer unread. Such a try (no answer,
 * a reset or broken pipe) proves nothing either way and is made again, up to three times.
 */
export async function sendStreamedUpload(upload: StreamedUpload): Promise<StreamedResult> {
  let result: StreamedResult & { reset: boolean } = { bodyBytes: 0, response: '', reset: false };
  for (let attempt = 0; attempt < 3; attempt++) {
    result = await sendOnce(upload);
    if (result.response !== '' || !result.reset) break;
  }
  return { bodyBytes: result.bodyBytes, response: result.response };
}

function sendOnce(upload: StreamedUpload): Promise<StreamedResult & { reset: boolean }> {
  return new Promise((resolve) => {
    const socket: Socket = connect(upload.port, '127.0.0.1');
    let response = '';
    let bodyBytes = 0;
    let stopped = false;
    let reset = false;
    const stop = () => {
      if (stopped) return;
      stopped = true;
      setTimeout(() => {
        socket.destroy();
        resolve({ bodyBytes, response, reset });
      }, 100);
    };
    socket.on('data', (data) => {
      response += data.toString('latin1');
      stop();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      reset = error.code === 'EPIPE' || error.code === 'ECONNRESET';
      stop();
    });
    socket.on('close', stop);
    const chunk = (data: Buffer) =>
      Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')]);
    socket.write(
      `POST ${upload.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${upload.authorization}\r\n` +
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
        'Transfer-Encoding: chunked\r\n\r\n',
    );
    socket.write(chunk(Buffer.from(partHeads(upload))));
    const payload = Buffer.alloc(CHUNK, 0x55);
    const pump = async () => {
      while (!stopped && bodyBytes < upload.total) {
        const flushed = socket.write(chunk(payload));
        bodyBytes += CHUNK;
        if (!flushed) await new Promise((r) => socket.once('drain', r));
        await new Promise((r) => setTimeout(r, 1));
      }
      if (stopped) return;
      socket.write(chunk(Buffer.from(`\r\n--${BOUNDARY}--\r\n`)));
      socket.write('0\r\n\r\n');
    };
    void pump();
  });
}
