/** What a connection needs from its transport (WebSockets or long polling). */
export interface Transport {
  readonly kind: 'WebSockets' | 'LongPolling';
  /** Sends or queues a frame; false (frame dropped) when the client is too far behind. */
  write(frame: string | Buffer): boolean;
  /** Ends the transport after what was written, or at once if the client is too far behind. */
  end(): void;
  /** Long polling: answers an expired poll. Called by the sweeper. */
  tick?(now: number): void;
  /** Long polling: undelivered data the client may still fetch after the connection closed. */
  readonly lingering?: boolean;
}
