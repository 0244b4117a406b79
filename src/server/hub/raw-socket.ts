/** A bare `ws` client for the hub tests that need to send what the stock client never would. */
import { WebSocket } from 'ws';

export interface RawSocket {
  socket: WebSocket;
  /** The next frame (text as a string, binary as a Buffer). */
  next(ms?: number): Promise<string | Buffer>;
  closed: Promise<number>;
}

/** Opens a socket; rejects with `HTTP <status>` when the upgrade is refused. */
export function openRawSocket(url: string, token?: string): Promise<RawSocket> {
  const socket = new WebSocket(url.replace(/^http/, 'ws'), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const frames: (string | Buffer)[] = [];
  const waiting: ((frame: string | Buffer) => void)[] = [];
  socket.on('message', (data: Buffer, isBinary) => {
    const frame = isBinary ? data : data.toString('utf8');
    const waiter = waiting.shift();
    if (waiter) waiter(frame);
    else frames.push(frame);
  });
  const closed = new Promise<number>((resolve) => socket.once('close', resolve));
  return new Promise((resolve, reject) => {
    socket.once('unexpected-response', (_request, response) => {
      reject(new Error(`HTTP ${response.statusCode ?? '?'}`));
      socket.terminate();
    });
    socket.once('error', reject);
    socket.once('open', () => {
      resolve({
        socket,
        closed,
        next: (ms = 3000) =>
          new Promise((done, fail) => {
            const frame = frames.shift();
            if (frame !== undefined) {
              done(frame);
              return;
            }
            const timer = setTimeout(() => {
              fail(new Error(`no frame within ${ms} ms`));
            }, ms);
            waiting.push((f) => {
              clearTimeout(timer);
              done(f);
            });
          }),
      });
    });
  });
}
