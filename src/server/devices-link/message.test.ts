import { describe, expect, it } from 'vitest';
import { normalizeImei, readMessage } from './message';

const read = (text: string, fallback?: string) => readMessage(Buffer.from(text), fallback);

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

  it('leaves out telemetry that fails its check and long or nested extras', () => {
    const result = read(
      JSON.stringify({
        IMEI: 861692040000017,
        Lat: 123,
        SatCount: 4.5,
        VIN: 'YV2RT40A8KB123456',
        Extra: 'x'.repeat(300),
        Nested: { a: 1 },
        Flag: true,
      }),
    );
    expect(result.ok && result.message.patch).toEqual({ VIN: 'YV2RT40A8KB123456', Flag: true });
    expect(result.ok && result.message.imei).toBe('861692040000017');
  });

  it('refuses text that cannot be stored exactly', () => {
    expect(readMessage(Buffer.from([0xc3, 0x28]), '1')).toMatchObject({ ok: false });
    expect(read('{"a":"\u0000"}', '1')).toMatchObject({ ok: false });
  });
});

describe('normalizeImei', () => {
  it('takes trimmed strings and whole numbers, nothing else', () => {
    expect(normalizeImei(' 861692040000017 ')).toBe('861692040000017');
    expect(normalizeImei(861692040000017)).toBe('861692040000017');
    expect(normalizeImei('')).toBeNull();
    expect(normalizeImei(1.5)).toBeNull();
    expect(normalizeImei({})).toBeNull();
    expect(normalizeImei('9'.repeat(40))).toBeNull();
  });
});
