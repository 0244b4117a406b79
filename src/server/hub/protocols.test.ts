/** Framing of the two hub protocols and the handshake, without a network. */
import { decode, encode } from '@msgpack/msgpack';
import { describe, expect, it } from 'vitest';
import { handshakeResponse, readHandshake } from './handshake';
import { jsonProtocol } from './json-protocol';
import { messagePackProtocol } from './msgpack-protocol';

const LIMIT = 64 * 1024;
/** A MessagePack frame with a hand-made VarInt prefix (one or two bytes). */
const framed = (value: unknown): Buffer => {
  const body = encode(value);
  const n = body.length;
  const prefix = n < 128 ? [n] : [(n & 0x7f) | 0x80, n >> 7];
  return Buffer.concat([Buffer.from(prefix), body]);
};

describe('MessagePack protocol', () => {
  it('reads invocations split anywhere across frames, with one- and two-byte prefixes', () => {
    const small = framed([1, {}, '1', 'Echo', ['hi']]);
    const large = framed([1, {}, null, 'Echo', ['y'.repeat(300)]]);
    const all = Buffer.concat([small, large]);
    for (let cut = 0; cut <= all.length; cut++) {
      const first = messagePackProtocol.parse(all.subarray(0, cut), LIMIT);
      const rest = Buffer.concat([first.rest ?? Buffer.alloc(0), all.subarray(cut)]);
      const second = messagePackProtocol.parse(rest, LIMIT);
      expect(second.rest).toBeNull();
      expect([...first.messages, ...second.messages]).toEqual([
        { type: 1, invocationId: '1', target: 'Echo', arguments: ['hi'], streamIds: undefined },
        {
          type: 1,
          invocationId: undefined,
          target: 'Echo',
          arguments: ['y'.repeat(300)],
          streamIds: undefined,
        },
      ]);
    }
  });

  it('writes completions with the result kinds and a VarInt length', () => {
    const write = (message: Parameters<typeof messagePackProtocol.write>[0]) => {
      const bytes = messagePackProtocol.write(message) as Buffer;
      expect(bytes[0]).toBe(bytes.length - 1);
      return decode(bytes.subarray(1));
    };
    expect(write({ type: 3, invocationId: '1', result: 5 })).toEqual([3, {}, '1', 3, 5]);
    expect(write({ type: 3, invocationId: '1' })).toEqual([3, {}, '1', 2]);
    expect(write({ type: 3, invocationId: '1', error: 'no' })).toEqual([3, {}, '1', 1, 'no']);
    expect(write({ type: 7, error: 'bye', allowReconnect: true })).toEqual([7, 'bye', true]);
    const long = messagePackProtocol.write({ type: 1, target: 'T', arguments: ['z'.repeat(200)] });
    expect((long as Buffer)[0]).toBeGreaterThanOrEqual(0x80);
  });

  it('skips unknown message types and refuses malformed ones and oversized ones', () => {
    expect(messagePackProtocol.parse(framed([99, 'future']), LIMIT).messages).toEqual([]);
    expect(() => messagePackProtocol.parse(framed([1, {}, '1', 42, []]), LIMIT)).toThrow(
      "Missing required property 'target'.",
    );
    expect(() => messagePackProtocol.parse(framed({ type: 1 }), LIMIT)).toThrow(
      'Expected an array',
    );
    expect(() => messagePackProtocol.parse(framed([1, 'x', '1', 'T', []]), LIMIT)).toThrow(
      'Invalid headers.',
    );
    expect(() =>
      messagePackProtocol.parse(Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff]), LIMIT),
    ).toThrow('over 2 GB');
    expect(() =>
      messagePackProtocol.parse(framed([1, {}, '1', 'T', ['q'.repeat(200)]]), 100),
    ).toThrow('too large');
  });
});

describe('JSON protocol', () => {
  it('splits on the record separator and keeps an incomplete tail', () => {
    const text = '{"type":6}\u001e{"type":1,"target":"A","arguments":[1]}\u001e{"type":1';
    const { messages, rest } = jsonProtocol.parse(Buffer.from(text), LIMIT);
    expect(messages).toEqual([
      { type: 6 },
      { type: 1, invocationId: undefined, target: 'A', arguments: [1], streamIds: undefined },
    ]);
    expect(rest?.toString()).toBe('{"type":1');
  });

  it('refuses non-objects, missing fields and oversized messages', () => {
    expect(() => jsonProtocol.parse(Buffer.from('[1]\u001e'), LIMIT)).toThrow('JSON Object');
    expect(() => jsonProtocol.parse(Buffer.from('{"type":3}\u001e'), LIMIT)).toThrow(
      'invocationId',
    );
    expect(() => jsonProtocol.parse(Buffer.from('{"type":1,"target":"x"}\u001e'), LIMIT)).toThrow(
      'arguments',
    );
    expect(() => jsonProtocol.parse(Buffer.from('x'.repeat(101)), 100)).toThrow('too large');
  });

  it('writes a void completion without a result', () => {
    expect(jsonProtocol.write({ type: 3, invocationId: '9' })).toBe(
      '{"type":3,"invocationId":"9"}\u001e',
    );
  });
});

describe('handshake', () => {
  it('picks the protocol and hands on what follows the separator', () => {
    const result = readHandshake(Buffer.from('{"protocol":"messagepack","version":1}\u001eREST'));
    expect(result && 'protocol' in result && result.protocol.name).toBe('messagepack');
    expect(result && 'rest' in result && result.rest?.toString()).toBe('REST');
    expect(readHandshake(Buffer.from('{"protocol":"json"'))).toBeNull();
  });

  it('answers errors for unknown protocols, versions and garbage', () => {
    const error = (text: string) => readHandshake(Buffer.from(text + '\u001e'));
    expect(error('{"protocol":"json","version":2}')).toEqual({
      error: "The server does not support version 2 of the 'json' protocol.",
    });
    expect(error('nope')).toEqual({ error: 'Handshake request is not valid JSON.' });
    expect(error('null')).toEqual({ error: "Missing required property 'protocol' or 'version'." });
    expect(handshakeResponse('bad', true)).toEqual(Buffer.from('{"error":"bad"}\u001e'));
  });
});
