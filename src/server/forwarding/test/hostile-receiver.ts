import net from 'node:net';
import tls from 'node:tls';
import { listen, stopListening, TEST_TLS, trackConnections } from '@server/receiver/common';

/**
 * A receiver that accepts a connection and then breaks it (issue 25: one hostile receiver must
 * never stop the portal). It is a proxy in front of a real receiver (HTTP, MQTT, Wialon, Azure):
 * each connection passes bytes both ways untouched until the stage its plan names, then is reset,
 * half-closed or closed there, optionally after a canned answer. Stages count bytes, not time, so
 * a test says exactly where in a protocol the break falls. Plain, it passes TLS through unread
 * (its stages then fall inside the handshake or the records); with `tls`, it ends TLS itself
 * (test certificate), counts the plain bytes, and speaks TLS to the receiver behind it.
 */

/**
 * reset: RST at once. half-close: FIN, and what the sender still writes is read and dropped.
 * close: FIN, then the connection is gone, so the sender's next bytes are answered with RST.
 */
export type Breakage = 'reset' | 'half-close' | 'close';

export type Stage =
  /** As soon as the connection is accepted, before anything is read (or any TLS handshake). */
  | { after: 'accept' }
  /** Once the sender's first `bytes` bytes were passed on (the rest is not). */
  | { after: 'sent'; bytes: number }
  /** Once the receiver's first `bytes` bytes reached the sender. */
  | { after: 'answered'; bytes: number };

/**
 * What the next connections meet: passed through untouched, or broken at a stage, after writing
 * `answer` there when given (a server that answers before it has read the whole request).
 */
export type Plan = 'pass' | { stage: Stage; breakage: Breakage; answer?: string };

export interface HostileReceiverOptions {
  /** The port of the real receiver behind, on 127.0.0.1. */
  upstreamPort: number;
  /** End TLS here (test certificate), count the plain bytes, and speak TLS to the receiver. */
  tls?: boolean;
}

export interface HostileReceiver {
  readonly port: number;
  /** The plan new connections take (each keeps the one it was accepted under). */
  plan: Plan;
  /** Connections accepted so far. */
  readonly connections: number;
  /** Connections not closed yet. */
  readonly open: number;
  /** Breaks every open connection now (a receiver dropping idle kept-alive connections). */
  breakAll(breakage: Breakage): void;
  close(): Promise<void>;
}

const ignore = () => undefined;

/** One accepted connection: the raw socket (for RST) and the stream the bytes are read from. */
interface Accepted {
  raw: net.Socket;
  stream: net.Socket;
}

/** Ends the connection as `breakage` says; the receiver behind it is dropped either way. */
function breakConnection({ raw, stream }: Accepted, breakage: Breakage) {
  if (raw.destroyed) return;
  if (breakage === 'reset') {
    raw.resetAndDestroy();
    return;
  }
  stream.removeAllListeners('data');
  if (breakage === 'half-close') {
    // No more answers, but whatever the sender still writes is read (and dropped).
    stream.on('data', ignore);
    stream.end();
    return;
  }
  // Closed: reading stops; once the FIN is out the socket is gone, so more bytes meet RST.
  stream.pause();
  stream.end(() => {
    raw.destroy();
  });
}

/** The test certificate as the receivers' identity and as the one CA trusted, made once. */
let contexts: { server: tls.SecureContext; client: tls.SecureContext } | undefined;
const testContexts = () =>
  (contexts ??= {
    server: tls.createSecureContext({ cert: TEST_TLS.cert, key: TEST_TLS.key }),
    client: tls.createSecureContext({ ca: TEST_TLS.cert }),
  });

function connectUpstream({ upstreamPort, tls: endsTls }: HostileReceiverOptions): net.Socket {
  const options = { host: '127.0.0.1', port: upstreamPort };
  return endsTls
    ? tls.connect({ ...options, servername: 'localhost', secureContext: testContexts().client })
    : net.connect(options);
}

/** Breaks the connection as the plan says, after its canned answer reached the kernel. */
function breakPer(accepted: Accepted, plan: Exclude<Plan, 'pass'>) {
  if (plan.answer === undefined) breakConnection(accepted, plan.breakage);
  else
    accepted.stream.write(plan.answer, () => {
      breakConnection(accepted, plan.breakage);
    });
}

/** Passes bytes both ways until the plan's stage, then breaks the connection there. */
function relay(accepted: Accepted, options: HostileReceiverOptions, plan: Plan) {
  const { stream } = accepted;
  const receiver = connectUpstream(options);
  receiver.on('error', ignore);
  receiver.once('close', () => {
    if (!broken) stream.destroy();
  });
  accepted.raw.once('close', () => receiver.destroy());
  const count = { sent: 0, answered: 0 };
  let broken = false;
  const breakNow = () => {
    if (broken || plan === 'pass') return;
    broken = true;
    receiver.destroy();
    breakPer(accepted, plan);
  };
  /** Writes to `to` what of `chunk` comes before the stage; then breaks once it is reached. */
  const pass = (direction: 'sent' | 'answered', chunk: Buffer, to: net.Socket) => {
    if (broken) return;
    const limit = plan !== 'pass' && plan.stage.after === direction ? plan.stage.bytes : Infinity;
    const part = chunk.subarray(0, Math.max(0, limit - count[direction]));
    count[direction] += part.length;
    if (count[direction] < limit) to.write(part);
    // An answer is handed to the kernel before the break, so the sender sees it first.
    else if (direction === 'answered') to.write(part, breakNow);
    else {
      to.write(part);
      breakNow();
    }
  };
  stream.on('data', (chunk: Buffer) => {
    pass('sent', chunk, receiver);
  });
  stream.on('end', () => {
    if (!broken) receiver.end();
  });
  receiver.on('data', (chunk: Buffer) => {
    pass('answered', chunk, stream);
  });
}

function accept(raw: net.Socket, options: HostileReceiverOptions): Accepted {
  raw.on('error', ignore);
  if (!options.tls) return { raw, stream: raw };
  const stream = new tls.TLSSocket(raw, { isServer: true, secureContext: testContexts().server });
  stream.on('error', ignore);
  return { raw, stream };
}

/** A hostile proxy on 127.0.0.1 in front of the receiver on `options.upstreamPort`. */
export async function startHostileReceiver(
  options: HostileReceiverOptions,
): Promise<HostileReceiver> {
  const open = new Set<Accepted>();
  let port = 0;
  const hostile: HostileReceiver = {
    plan: 'pass',
    get port() {
      return port;
    },
    get connections() {
      return connections.count;
    },
    get open() {
      return open.size;
    },
    breakAll(breakage) {
      for (const accepted of open) breakConnection(accepted, breakage);
    },
    close: () => stopListening(server, connections),
  };
  const server = net.createServer((raw) => {
    const plan = hostile.plan;
    const accepted = accept(raw, options);
    open.add(accepted);
    raw.once('close', () => open.delete(accepted));
    // Through TLS, the first plain bytes only come once the handshake is done.
    if (plan !== 'pass' && plan.stage.after === 'accept') breakPer(accepted, plan);
    else relay(accepted, options, plan);
  });
  const connections = trackConnections(server);
  port = await listen(server, 0, '127.0.0.1');
  return hostile;
}
