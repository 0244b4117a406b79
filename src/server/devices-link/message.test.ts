import { describe, expect, it } from 'vitest';
import { normalizeImei, readMessage } from './message';

const signed = { timestamp: '0', signature: Buffer.alloc(32) };
const read = (text: string, fallback?: string) => readMessage(Buffer.from(text), fallback, signed);

describe('readMessage', () => {
  it('keeps the raw text and reads IMEI, telemetry and acknowledgements', () => {
    const text =
      ' {"IMEI":"861692040000017","Lat":52.1,"Ignition":false,"Ack":{"Settings":[3,"4",3],"Requests":[9]}}';
    const result = read(text);
    expect(result).toMatchObject({
      ok: true,
      message: {
        imei: '861692040000017',
        raw: text,
        validJson: true,
        patch: { Lat: 52.1, Ignition: 0 },
        ackSettings: [3, 4],
        ackRequests: [9],
      },
    });
  });

  it('prefers the IMEI in the body over the fallback', () => {
    const result = read('{"IMEI":"111111111111111"}', '222222222222222');
    expect(result.ok && result.message.imei).toBe('111111111111111');
  });

  it('refuses a body IMEI that is not exactly one, rather than trim it or take the fallback', () => {
    for (const imei of [' 861692040000017', '861692040000017 ', '8616920400 00017', 'x', 1.5, {}])
      expect(read(JSON.stringify({ IMEI: imei }), '861692040000017')).toEqual({
        ok: false,
        reason: "The message's IMEI must be 1 to 20 digits, nothing else",
      });
    expect(read('{"IMEI":null}', '861692040000017')).toMatchObject({
      ok: true,
      message: { imei: '861692040000017' },
    });
  });

  it('identifies bodies that are not JSON objects by the fallback only', () => {
    expect(read('{"IMEI":"1', '861692040000017')).toMatchObject({
      ok: true,
      message: { validJson: false, patch: {}, ackSettings: [], imei: '861692040000017' },
    });
    expect(read('[1,2]', '861692040000017')).toMatchObject({
      ok: true,
      message: { validJson: true, data: null, patch: {} },
    });
    expect(read('{"IMEI":"1')).toMatchObject({ ok: false });
  });

  it('keeps only documented telemetry that passes its check in the state patch', () => {
    const result = read(
      JSON.stringify({
        IMEI: 861692040000017,
        Lat: 123,
        SatCount: 4.5,
        Odo: 1e12,
        VIN: 'YV2RT40A8KB123456',
        Extra: 'x',
        Nested: { a: 1 },
        Flag: true,
        ...Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, i])),
      }),
    );
    expect(result.ok && result.message.patch).toEqual({ VIN: 'YV2RT40A8KB123456' });
    expect(result.ok && result.message.imei).toBe('861692040000017');
  });

  it('never looks a key up through the prototype', () => {
    const text =
      '{"IMEI":"861692040000017","toString":1,"constructor":"x","__proto__":{"Lat":1},' +
      '"hasOwnProperty":2,"valueOf":3,"Ack":{"__proto__":{"Settings":[5]},"toString":[6]}}';
    const result = read(text);
    expect(result).toMatchObject({ ok: true, message: { ackSettings: [], ackRequests: [] } });
    const patch = result.ok ? result.message.patch : null;
    expect(patch).toEqual({});
    expect(Object.getPrototypeOf(patch)).toBe(Object.prototype);
  });

  it('leaves text that jsonb cannot hold out of the state (NUL, lone surrogates)', () => {
    const text =
      '{"IMEI":"861692040000017","VIN":"AB\\u0000C","Timestamp":"\\ud800","Ibutton":"\\udc00x",' +
      '"Lat":1}';
    const result = read(text);
    expect(result.ok && result.message.raw).toBe(text);
    expect(result.ok && result.message.patch).toEqual({ Lat: 1 });
    // A proper surrogate pair is fine.
    const pair = read('{"IMEI":"1","VIN":"\\ud83d\\ude00"}');
    expect(pair.ok && pair.message.patch).toEqual({ VIN: '😀' });
  });

  it('refuses text that cannot be stored exactly', () => {
    expect(readMessage(Buffer.from([0xc3, 0x28]), '1', signed)).toMatchObject({ ok: false });
    expect(read('{"a":"\u0000"}', '1')).toMatchObject({ ok: false });
  });
});

describe('normalizeImei', () => {
  it('takes digit strings (1 to 20) exactly as they are and whole numbers, nothing else', () => {
    for (const spaced of [' 861692040000017 ', '861692040000017 ', '\t861692040000017', '1\n'])
      expect(normalizeImei(spaced)).toBeNull();
    expect(normalizeImei(861692040000017)).toBe('861692040000017');
    expect(normalizeImei('')).toBeNull();
    expect(normalizeImei(1.5)).toBeNull();
    expect(normalizeImei({})).toBeNull();
    expect(normalizeImei('9'.repeat(21))).toBeNull();
    expect(normalizeImei('9'.repeat(20))).toBe('9'.repeat(20));
    for (const hostile of ['8616920400000\u0000', '86169204\ud800', '86169a', '1 2', '-1', '1e5'])
      expect(normalizeImei(hostile)).toBeNull();
  });
});
