/** The hub messages of the SignalR protocol that this server reads and writes. */

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
} as const;

export interface InvocationMessage {
  type: typeof MessageType.Invocation;
  invocationId?: string;
  target: string;
  arguments: unknown[];
  streamIds?: string[];
}

export interface CompletionMessage {
  type: typeof MessageType.Completion;
  invocationId: string;
  result?: unknown;
  error?: string;
}

/** StreamItem, StreamInvocation, CancelInvocation: read only to refuse them. */
export interface StreamingMessage {
  type:
    | typeof MessageType.StreamItem
    | typeof MessageType.StreamInvocation
    | typeof MessageType.CancelInvocation;
  invocationId: string;
}

export interface PingMessage {
  type: typeof MessageType.Ping;
}

export interface CloseMessage {
  type: typeof MessageType.Close;
  error?: string;
  allowReconnect?: boolean;
}

export type HubMessage =
  InvocationMessage | CompletionMessage | StreamingMessage | PingMessage | CloseMessage;

/** A frame that does not follow the protocol; the connection is closed with its message. */
export class ProtocolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidDataException';
  }
}

/** The wire format of one hub protocol: parsing keeps an incomplete tail for the next frame. */
export interface HubProtocol {
  readonly name: 'json' | 'messagepack';
  /** Binary protocols travel in binary WebSocket frames and octet-stream polls. */
  readonly binary: boolean;
  /**
   * Splits `data` (prefixed by the previous call's `rest`) into messages; unknown message types
   * are skipped (forward compatibility), malformed ones throw a ProtocolError.
   */
  parse(data: Buffer, maxMessageBytes: number): { messages: HubMessage[]; rest: Buffer | null };
  write(message: HubMessage): string | Buffer;
}
