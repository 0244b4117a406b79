import { describe, expect, it } from 'vitest';
import { identifierFromLabel } from './label-scan';

// 490154203237518 is the textbook IMEI; 356307042441013 passes Luhn too.
const IMEI = '490154203237518';
const OTHER_IMEI = '356307042441013';
const BAD_IMEI = '490154203237517';
// 19 digits with a Luhn digit, as the demo seeds them.
const ICCID = '8931440400012345674';

describe('identifierFromLabel', () => {
  it('reads a bare IMEI (Code 128, Code 39)', () => {
    expect(identifierFromLabel(IMEI)).toEqual({ kind: 'imei', value: IMEI });
    expect(identifierFromLabel(` ${IMEI}\n`)).toEqual({ kind: 'imei', value: IMEI });
  });

  it('reads a named IMEI field, grouped or not', () => {
    expect(identifierFromLabel(`IMEI:${OTHER_IMEI}`)).toEqual({ kind: 'imei', value: OTHER_IMEI });
    expect(identifierFromLabel('imei = 35-630704-244101-3')).toEqual({
      kind: 'imei',
      value: OTHER_IMEI,
    });
    expect(identifierFromLabel(`IMEI 35 630704 244101 3`)).toEqual({
      kind: 'imei',
      value: OTHER_IMEI,
    });
  });

  it('prefers the IMEI among several fields of a QR code', () => {
    const qr = `SN:FMB920-0042\nICCID:${ICCID}\nIMEI:${IMEI}\nHW:4.2`;
    expect(identifierFromLabel(qr)).toEqual({ kind: 'imei', value: IMEI });
    expect(identifierFromLabel(`{"iccid":"${ICCID}","imei":"${IMEI}"}`)).toEqual({
      kind: 'imei',
      value: IMEI,
    });
    expect(identifierFromLabel(`${ICCID};${IMEI}`)).toEqual({ kind: 'imei', value: IMEI });
  });

  it('prefers a named IMEI over a bare number of the same length', () => {
    expect(identifierFromLabel(`ORDER 123456789012345 IMEI:${OTHER_IMEI}`)).toEqual({
      kind: 'imei',
      value: OTHER_IMEI,
    });
  });

  it('reports an IMEI whose check digit is wrong instead of searching it', () => {
    expect(identifierFromLabel(BAD_IMEI)).toEqual({ kind: 'badImei', value: BAD_IMEI });
    expect(identifierFromLabel(`IMEI:${BAD_IMEI}\nICCID:${ICCID}`)).toEqual({
      kind: 'badImei',
      value: BAD_IMEI,
    });
  });

  it('takes a valid IMEI over a misread one', () => {
    expect(identifierFromLabel(`${BAD_IMEI} ${IMEI}`)).toEqual({ kind: 'imei', value: IMEI });
  });

  it('reads an ICCID of 19 or 20 digits, dropping the F pad', () => {
    expect(identifierFromLabel(ICCID)).toEqual({ kind: 'iccid', value: ICCID });
    expect(identifierFromLabel(`${ICCID}F`)).toEqual({ kind: 'iccid', value: ICCID });
    expect(identifierFromLabel(`${ICCID}7`)).toEqual({ kind: 'iccid', value: `${ICCID}7` });
    expect(identifierFromLabel(`CCID: ${ICCID}f`)).toEqual({ kind: 'iccid', value: ICCID });
  });

  it('takes a named ICCID without the 89 prefix, a bare one only with it', () => {
    const odd = '1231440400012345674';
    expect(identifierFromLabel(`ICCID:${odd}`)).toEqual({ kind: 'iccid', value: odd });
    expect(identifierFromLabel(odd)).toEqual({ kind: 'none' });
  });

  it('finds nothing in other codes', () => {
    for (const text of [
      '',
      '4006381333931', // an EAN-13
      `${IMEI}01`, // an IMEISV-like 17-digit run: no IMEI inside it
      `A${IMEI}`, // part of a serial number
      'https://example.com/device?id=42',
      '89314404', // too short for an ICCID
      `${ICCID}123`, // too long
    ]) {
      expect(identifierFromLabel(text), text).toEqual({ kind: 'none' });
    }
  });
});
