import {
  MessageType,
  NullLogger,
  type HubMessage,
  type InvocationMessage,
} from '@microsoft/signalr';
import { MessagePackHubProtocol } from '@microsoft/signalr-protocol-msgpack';
import { encode } from '@msgpack/msgpack';
import { http, HttpResponse } from 'msw';
import { apiUrl } from '@app/features/devices/test/devices-page-harness';

const HUB = 'socketdevicetests/ws';
const RECORD_SEPARATOR = '\u001e';
const POLL_WAIT_MS = 100;

/** A length-prefixed MessagePack frame (the client's protocol writes no Close with a reason). */
function frame(payload: Uint8Array): Uint8Array {
  const prefix: number[] = [];
  let length = payload.length;
  do {
    let byte = length & 0x7f;
    length >>= 7;
    if (length > 0) byte |= 0x80;
    prefix.push(byte);
  } while (length > 0);
  return new Uint8Array([...prefix, ...payload]);
}

/**
 * The installation-test hub as msw handlers: SignalR's negotiate and long polling (the transport
 * msw can answer in Node) with MessagePack, recording what the client invokes and letting the
 * test invoke client methods.
 */
export function fakeTestHub() {
  const protocol = new MessagePackHubProtocol();
  const toClient: Uint8Array[] = [];
  const invocations: InvocationMessage[] = [];
  let handshaken = false;

  const push = (bytes: Uint8Array) => {
    toClient.push(bytes);
  };
  const drain = (): Uint8Array => {
    const all = new Uint8Array(toClient.reduce((n, b) => n + b.length, 0));
    let at = 0;
    for (const bytes of toClient.splice(0)) {
      all.set(bytes, at);
      at += bytes.length;
    }
    return all;
  };

  const handlers = [
    http.post(apiUrl(`${HUB}/negotiate`), () => {
      // A new connection (a retry) shakes hands again.
      handshaken = false;
      return HttpResponse.json({
        negotiateVersion: 1,
        connectionId: 'connection-1',
        connectionToken: 'token-1',
        availableTransports: [{ transport: 'LongPolling', transferFormats: ['Text', 'Binary'] }],
      });
    }),
    http.get(apiUrl(HUB), async () => {
      if (toClient.length === 0) await new Promise((r) => setTimeout(r, POLL_WAIT_MS));
      return new HttpResponse(drain(), {
        headers: { 'Content-Type': 'application/octet-stream' },
      });
    }),
    http.post(apiUrl(HUB), async ({ request }) => {
      const body = await request.arrayBuffer();
      if (!handshaken) {
        // The handshake request is JSON text; the answer is an empty JSON object.
        handshaken = new TextDecoder().decode(body).includes('"messagepack"');
        push(new TextEncoder().encode(`{}${RECORD_SEPARATOR}`));
        return new HttpResponse(null, { status: 200 });
      }
      const messages: HubMessage[] = protocol.parseMessages(body, NullLogger.instance);
      for (const message of messages) {
        if (message.type === MessageType.Invocation) invocations.push(message);
      }
      return new HttpResponse(null, { status: 200 });
    }),
    http.delete(apiUrl(HUB), () => new HttpResponse(null, { status: 200 })),
  ];

  return {
    handlers,
    /** What the client invoked, in order. */
    invocations,
    /** Invokes a client method, as the server's ReceiveTestList and the like. */
    send(target: string, ...args: unknown[]) {
      const bytes = protocol.writeMessage({
        type: MessageType.Invocation,
        target,
        arguments: args,
        headers: {},
      });
      push(new Uint8Array(bytes));
    },
    /** Closes the connection as the server does, with its reason (e.g. no test running). */
    close(reason: string) {
      push(frame(encode([MessageType.Close, reason, false])));
    },
  };
}
