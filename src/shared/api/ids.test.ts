import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  getIdMetadata,
  ID_MESSAGE,
  idField,
  idParam,
  idParams,
  imeiField,
  MAX_BIGSERIAL_ID,
  MAX_SERIAL_ID,
  UUID_MESSAGE,
} from './ids';

const accepts = (schema: v.GenericSchema, input: unknown) => v.safeParse(schema, input).success;

describe('idParam', () => {
  it("takes a serial id from '1' to 2³¹−1 and reads it as a number", () => {
    const device = idParam('device');
    expect(v.parse(device, '42')).toBe(42);
    expect(v.parse(device, String(MAX_SERIAL_ID))).toBe(MAX_SERIAL_ID);
    for (const input of ['0', '-1', '2147483648', '4294967296', '1e3', '01', ' 1', '1.5', ''])
      expect(accepts(device, input), input).toBe(false);
  });

  it('takes a bigserial id up to 2⁵³−1, the largest a number carries exactly', () => {
    const setting = idParam('setting');
    expect(v.parse(setting, String(MAX_BIGSERIAL_ID))).toBe(MAX_BIGSERIAL_ID);
    expect(accepts(setting, '9007199254740992')).toBe(false);
    expect(accepts(setting, '99999999999999999999')).toBe(false);
  });

  it("answers the field's message for any bad id", () => {
    const result = v.safeParse(idParams('id', 'device'), { id: '4294967296' });
    expect(result.issues?.map((i) => i.message)).toEqual([ID_MESSAGE]);
  });
});

describe('uuid ids (endpoints)', () => {
  it('takes a canonical uuid in any case and answers it lowercased', () => {
    const endpoint = idParam('endpoint');
    const uuid = '5F0C1B7E-3D2A-4C11-9A53-00000000000A';
    expect(v.parse(endpoint, uuid)).toBe(uuid.toLowerCase());
    for (const input of ['1', '', uuid.slice(1), `{${uuid}}`, uuid.replace(/-/g, ''), `${uuid}0`])
      expect(accepts(endpoint, input), input).toBe(false);
    const result = v.safeParse(idParams('id', 'endpoint'), { id: '42' });
    expect(result.issues?.map((i) => i.message)).toEqual([UUID_MESSAGE]);
    expect(getIdMetadata(idParam('endpoint', 'cursor'))).toEqual({
      idKind: 'endpoint',
      idUse: 'cursor',
    });
  });
});

describe('idField', () => {
  it('takes integers in the column range with the given message, a missing one too', () => {
    const forward = v.object({ ForwardId: idField('forward', 'Choose a forward') });
    expect(v.parse(forward, { ForwardId: 7 })).toEqual({ ForwardId: 7 });
    for (const input of [{}, { ForwardId: 0 }, { ForwardId: 1e308 }, { ForwardId: 2 ** 31 }]) {
      const result = v.safeParse(forward, input);
      expect(result.issues?.[0]?.message, JSON.stringify(input)).toBe('Choose a forward');
    }
  });
});

describe('id metadata', () => {
  it('tells the kind and use of each id schema', () => {
    expect(getIdMetadata(idParam('customer'))).toEqual({ idKind: 'customer', idUse: 'object' });
    expect(getIdMetadata(idParam('device', 'cursor'))).toEqual({
      idKind: 'device',
      idUse: 'cursor',
    });
    expect(getIdMetadata(imeiField())).toEqual({ idKind: 'imei', idUse: 'object' });
    expect(getIdMetadata(v.string())).toBeUndefined();
  });
});
