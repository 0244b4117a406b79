import { describe, expect, it } from 'vitest';
import { readHandshake } from './handshake';
import { jsonProtocol } from './json-protocol';
import { messagePackProtocol } from './msgpack-protocol';

const handshake = (protocol: string) =>
  readHandshake(Buffer.from(`${JSON.stringify({ protocol, version: 1 })}\u001e`));

describe('readHandshake', () => {
  it('takes the json and messagepack protocols', () => {
    expect(handshake('json')).toEqual({ protocol: jsonProtocol, rest: null });
    expect(handshake('messagepack')).toEqual({ protocol: messagePackProtocol, rest: null });
  });

  it('refuses protocol names that are Object.prototype members', () => {
    for (const name of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      expect(handshake(name), name).toEqual({
        error: `Requested protocol '${name}' is not available.`,
      });
    }
  });
});
