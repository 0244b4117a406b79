import type { MessageTypeName } from '@shared/forwards/forwards';

/**
 * What the delivery engine hands a protocol: a batch of one forward's messages, oldest first
 * (in order per device), and where and how to send them. A protocol knows nothing of the
 * database, queues or retries: it sends, and resolves once the receiver has acknowledged every
 * message of the batch, or rejects (then the whole batch is sent again later, so a receiver must
 * be ready for duplicates and drop them by `MessageId`).
 */

/** One stored device message on its way to a forward. */
export interface OutgoingMessage {
  /** The raw message's id (raw_messages.id). */
  rawId: number;
  imei: string;
  messageType: MessageTypeName;
  /** When the server stored (acknowledged) it, ISO 8601. */
  receivedAt: string;
  /** Sent again by an operator's replay rather than in the normal flow. */
  replayed: boolean;
  /** The device's body exactly as stored: always valid JSON (only valid JSON is forwarded). */
  body: string;
}

/** The forward as a protocol needs it; secrets opened (never logged). */
export interface ForwardTarget {
  forwardId: number;
  protocolId: number;
  /** Host name or IP address (for the Azure IoT hub integration: the hub's host name). */
  host: string;
  port: number;
  username: string | null;
  password: string | null;
  apiKey: string | null;
  /** The forward's Authorization value (sent as is). */
  auth: string | null;
}

/** Why a batch was not delivered; `message` goes to the forward's health and the Log page. */
export class DeliveryError extends Error {
  constructor(
    message: string,
    /** A receiver's HTTP status or similar, when it answered. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

/**
 * Opens connections only to addresses the target rules allow, checked after resolution
 * (`connector.ts`): every socket a protocol uses comes from here.
 */
export interface Connector {
  /**
   * Resolves `host`, refuses it (DeliveryError, nothing contacted) when any address is in a
   * refused range the operator did not allow, and connects to a checked address itself (no second
   * resolution) within the connect timeout; with `tls`, also the TLS handshake (server name and
   * certificate checked against `host`). Resolves with a connected socket.
   */
  connect(
    host: string,
    port: number,
    options?: { tls?: boolean },
  ): Promise<import('node:net').Socket>;
  /** Whether a target on `port` is spoken to over TLS (HTTP 443/8443, MQTT 8883 by default). */
  usesTls(kind: 'http' | 'mqtt', port: number): boolean;
  /** How long a connection may take, and an answer may take once asked for (ms). */
  readonly connectTimeoutMs: number;
  readonly answerTimeoutMs: number;
}

/** A live sender for one forward; the engine keeps it while the forward's settings stay. */
export interface Sender {
  send(batch: readonly OutgoingMessage[]): Promise<void>;
  close(): Promise<void>;
}

export type SenderFactory = (target: ForwardTarget, connector: Connector) => Sender;
