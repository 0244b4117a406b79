/** Timeouts and sizes of the hub server; tests shorten them, production uses the defaults. */
export interface HubLimits {
  /** A Ping goes out when nothing else was sent for this long (the client times out at 30 s). */
  pingIntervalMs: number;
  /** A connection that sent nothing (not even its pings, every 15 s) for this long is closed. */
  clientTimeoutMs: number;
  /** Negotiated but no transport connected within this time: the connection is dropped. */
  connectTimeoutMs: number;
  /** Transport connected but no handshake within this time: closed. */
  handshakeTimeoutMs: number;
  /** A long poll with nothing to deliver is answered empty (200) after this long. */
  pollHoldMs: number;
  /** A closed long-polling connection keeps its last messages (the Close) this long for a poll. */
  lingerMs: number;
  /** Largest incoming hub message; larger ones close the connection (ASP.NET's default is 32 KB). */
  maxMessageBytes: number;
  /** Outgoing bytes a connection may have waiting; a client that reads slower is disconnected. */
  maxBufferedBytes: number;
  /** One timer checks every connection this often (instead of timers per connection). */
  sweepIntervalMs: number;
  /** On shutdown, WebSockets get this long to answer the close before they are cut. */
  shutdownGraceMs: number;
}

export const DEFAULT_LIMITS: HubLimits = {
  pingIntervalMs: 15_000,
  clientTimeoutMs: 30_000,
  connectTimeoutMs: 15_000,
  handshakeTimeoutMs: 15_000,
  pollHoldMs: 30_000,
  lingerMs: 5_000,
  maxMessageBytes: 64 * 1024,
  maxBufferedBytes: 256 * 1024,
  sweepIntervalMs: 1_000,
  shutdownGraceMs: 1_000,
};
