/** One hub connection: handshake, incoming messages, invocations, pings, timeouts and closing. */
import type { Caller } from '@server/auth/tokens';
import { handshakeResponse, readHandshake } from './handshake';
import type { ConnectionHost, ConnectionState } from './connection-host';
import { SerialJobs } from './serial-jobs';
import { MessageType, type HubMessage, type HubProtocol, type InvocationMessage } from './messages';
import type { Transport } from './transport';
import type { HubConnection } from './types';

const errorText = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

export class Connection implements HubConnection {
  state: ConnectionState = 'negotiated';
  /** When the current state began (timeouts, linger). */
  since = Date.now();
  transport: Transport | null = null;
  private protocol: HubProtocol | null = null;
  private lastReceived = 0;
  private lastSent = 0;
  /** Bytes of an incomplete message or handshake, kept for the next frame. */
  private pending: Buffer | null = null;
  /** Invocations run one after the other, in arrival order. */
  private readonly jobs = new SerialJobs();
  private connected = false;
  private finished = false;

  constructor(
    private readonly host: ConnectionHost,
    readonly connectionId: string,
    readonly token: string,
    readonly caller: Caller,
    readonly query: URLSearchParams,
  ) {}

  /** Negotiated and no transport yet: a transport may attach (once). */
  canAttach(): boolean {
    return this.state === 'negotiated';
  }

  get closed(): boolean {
    return this.state === 'closed';
  }

  attach(transport: Transport): void {
    this.transport = transport;
    this.state = 'handshaking';
    this.since = this.lastReceived = this.lastSent = Date.now();
  }

  /** Data from the transport: the handshake first, then hub messages. */
  receive(data: Buffer): void {
    if (this.state !== 'handshaking' && this.state !== 'open') return;
    this.lastReceived = Date.now();
    const input = this.pending ? Buffer.concat([this.pending, data]) : data;
    this.pending = null;
    try {
      if (this.state === 'handshaking') this.handshake(input);
      else this.parse(input);
    } catch (error) {
      this.fail(`Connection closed with an error. ${(error as Error).name}: ${errorText(error)}`);
    }
  }

  send(target: string, ...args: unknown[]): void {
    if (this.state === 'open') {
      this.write({ type: MessageType.Invocation, target, arguments: args });
    }
  }

  close(error?: string): void {
    this.closeWith(error, false);
  }

  /** Server shutdown: the client may reconnect (to this server once it is back, or another). */
  shutdown(): void {
    this.closeWith('Server is shutting down.', true);
  }

  /** The client went away (socket closed, DELETE): nothing more can be sent. */
  transportClosed(error?: Error): void {
    this.finish(error);
  }

  /** Timeouts and pings; the sweeper calls it for every connection. */
  tick(now: number): void {
    const limits = this.host.limits;
    if (this.state === 'negotiated' && now - this.since > limits.connectTimeoutMs) {
      this.finish();
    } else if (this.state === 'handshaking' && now - this.since > limits.handshakeTimeoutMs) {
      this.fail('Handshake was not received in time.');
    } else if (this.state === 'open') {
      if (now - this.lastReceived > limits.clientTimeoutMs) {
        this.fail('Server timeout elapsed without receiving a message from the client.');
      } else if (now - this.lastSent >= limits.pingIntervalMs) {
        this.write({ type: MessageType.Ping });
      }
    }
    this.transport?.tick?.(now);
  }

  private handshake(input: Buffer): void {
    const result = readHandshake(input);
    if (result === null) {
      this.pending = input;
    } else if ('error' in result) {
      this.transport?.write(handshakeResponse(result.error, false));
      this.transport?.end();
      this.finish(new Error(result.error));
    } else {
      this.protocol = result.protocol;
      this.state = 'open';
      this.writeFrame(handshakeResponse(undefined, result.protocol.binary));
      this.jobs.add(async () => {
        if (this.state !== 'open') return;
        this.connected = true;
        try {
          await this.host.onConnected(this);
        } catch (error) {
          this.host.log.error({ err: error }, 'hub onConnected failed');
          this.fail(`Connection closed with an error. ${errorText(error)}`);
        }
      });
      if (result.rest) this.parse(result.rest);
    }
  }

  private parse(input: Buffer): void {
    if (!this.protocol) return;
    const { messages, rest } = this.protocol.parse(input, this.host.limits.maxMessageBytes);
    this.pending = rest;
    for (const message of messages) {
      if (this.state !== 'open') return;
      this.handle(message);
    }
  }

  private handle(message: HubMessage): void {
    switch (message.type) {
      case MessageType.Invocation:
        this.invoke(message);
        break;
      case MessageType.StreamInvocation:
        this.complete(message.invocationId, undefined, 'Streaming is not supported.');
        break;
      case MessageType.Close:
        this.transport?.end();
        this.finish(message.error ? new Error(message.error) : undefined);
        break;
      // Pings only prove the client is alive; no client results or streams are ever requested.
      default:
        break;
    }
  }

  private invoke(message: InvocationMessage): void {
    const id = message.invocationId;
    const method = this.host.method(message.target);
    if (!method) {
      this.complete(id, undefined, `Unknown hub method '${message.target}'.`);
      return;
    }
    if (message.streamIds?.length) {
      this.complete(id, undefined, 'Streaming is not supported.');
      return;
    }
    this.jobs.add(async () => {
      if (this.state !== 'open') return;
      try {
        const result: unknown = await method(this, ...message.arguments);
        this.complete(id, result);
      } catch (error) {
        this.host.log.warn({ err: error, target: message.target }, 'hub method failed');
        this.complete(id, undefined, errorText(error));
      }
    });
  }

  /** A Completion for an invocation that expects one (with an id). */
  private complete(id: string | undefined, result: unknown, error?: string): void {
    if (id === undefined || this.state !== 'open') return;
    this.write(
      error === undefined
        ? { type: MessageType.Completion, invocationId: id, result }
        : { type: MessageType.Completion, invocationId: id, error },
    );
  }

  private write(message: HubMessage): void {
    if (this.protocol) this.writeFrame(this.protocol.write(message));
  }

  private writeFrame(frame: string | Buffer): void {
    if (!this.transport) return;
    this.lastSent = Date.now();
    if (!this.transport.write(frame) && this.state !== 'closed') {
      this.fail('The client did not read its messages fast enough.');
    }
  }

  /** Closes with an error the client sees in its onclose, and the hub in onDisconnected. */
  private fail(error: string): void {
    this.closeWith(error, false);
  }

  private closeWith(error: string | undefined, allowReconnect: boolean): void {
    if (this.state === 'closed') return;
    if (this.state === 'open') {
      // Marked closed first so that a transport refusing the Close cannot recurse into here.
      const protocol = this.protocol;
      this.state = 'closed';
      const frame = protocol?.write({ type: MessageType.Close, error, allowReconnect });
      if (frame !== undefined) this.transport?.write(frame);
    }
    this.transport?.end();
    this.finish(error === undefined ? undefined : new Error(error));
  }

  private finish(error?: Error): void {
    if (this.finished) return;
    this.finished = true;
    const wasConnected = this.connected;
    this.state = 'closed';
    this.since = Date.now();
    this.connected = false;
    this.pending = null;
    this.host.release(this);
    if (!wasConnected) return;
    try {
      this.host.onDisconnected(this, error);
    } catch (failure) {
      this.host.log.error({ err: failure }, 'hub onDisconnected failed');
    }
  }
}
