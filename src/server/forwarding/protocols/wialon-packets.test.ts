import { describe, expect, it } from 'vitest';
import { outgoing, TRACKING_BODY } from '@server/forwarding/test/protocol-fixtures';
import {
  blackboxPacket,
  crc16Arc,
  dataPacket,
  loginPacket,
  unsafeLoginField,
  wialonDataFields,
  wialonText,
} from './wialon-packets';

describe('Wialon IPS packets', () => {
  it('checksums with CRC-16/ARC, as packets from real trackers carry', () => {
    // Packets captured from Wialon IPS 2.0 trackers, with the checksums they carried.
    expect(crc16Arc('2.0;236010173;NA;')).toBe(0x08a7);
    expect(
      crc16Arc(
        '240123;135321;5748.3329;N;04312.9038;E;89;42;1250;16;NA;NA;NA;;NA;' +
          'ign:1:1,fuel1:1:2183,fuel2:1:2421;',
      ),
    ).toBe(0x4b9b);
    expect(crc16Arc('123456789')).toBe(0xbb3d); // the CRC catalogue's check value
  });

  it('writes login, data and black box packets with four hex digits of checksum', () => {
    expect(loginPacket('236010173', null)).toBe('#L#2.0;236010173;NA;08A7\r\n');
    expect(loginPacket('236010173', 'secret')).toMatch(
      /^#L#2\.0;236010173;secret;[0-9A-F]{4}\r\n$/,
    );
    expect(dataPacket('a;b')).toBe(
      `#D#a;b;${crc16Arc('a;b;').toString(16).toUpperCase().padStart(4, '0')}\r\n`,
    );
    expect(blackboxPacket(['a;b', 'c;d'])).toBe(
      `#B#a;b|c;d|${crc16Arc('a;b|c;d|').toString(16).toUpperCase().padStart(4, '0')}\r\n`,
    );
  });

  it('maps a tracking message to the data fields', () => {
    const message = outgoing({ rawId: 48213 });
    expect(wialonDataFields(message).split(';')).toEqual([
      '221126',
      '080000',
      '5222.2130',
      'N',
      '00453.7101',
      'E',
      '63',
      '118',
      'NA',
      '9',
      'NA',
      '1', // inputs: ignition on, IO1 off
      'NA',
      '',
      '01A2B3C4D5E6F700',
      'msgid:3:861692040000017-48213,type:3:RT,odo:2:412345.678,vin:3:YV2RT40A8KB123456',
    ]);
  });

  it('writes the southern and western hemispheres, and rounds minutes without reaching 60', () => {
    const fields = wialonDataFields(
      outgoing({ json: { Lat: -33.8688, Lon: -151.2093, Heading: 360, IO1: true } }),
    ).split(';');
    expect(fields.slice(2, 6)).toEqual(['3352.1280', 'S', '15112.5580', 'W']);
    expect(fields[7]).toBe('0');
    expect(fields[11]).toBe('2');
    const almost = wialonDataFields(outgoing({ json: { Lat: 9.99999999, Lon: 0 } })).split(';');
    expect(almost.slice(2, 6)).toEqual(['1000.0000', 'N', '00000.0000', 'E']);
  });

  it('sends a message without a position, time or values with NA, and marks a replay', () => {
    const message = outgoing({
      json: { IMEI: '1', Lat: 123, Lon: 4, Ignition: 'yes', Speed: -1 },
      receivedAt: '2026-01-02T03:04:05.000Z',
      messageType: 'TD',
      replayed: true,
    });
    const fields = wialonDataFields(message).split(';');
    expect(fields.slice(0, 15)).toEqual([
      '020126', // no Timestamp: when the server stored it
      '030405',
      'NA',
      'NA',
      'NA',
      'NA',
      'NA',
      'NA',
      'NA',
      'NA',
      'NA',
      'NA',
      'NA',
      '',
      'NA',
    ]);
    expect(fields[15]).toBe(
      `msgid:3:${message.imei}-${String(message.rawId)},type:3:TD,replayed:1:1`,
    );
    expect(wialonDataFields(outgoing({ json: [1, 2] })).split(';')[2]).toBe('NA');
  });

  it('keeps separators out of texts so they cannot break a packet', () => {
    const message = outgoing({
      json: { ...TRACKING_BODY, VIN: 'AB;C,D|E#F:G\r\nH', Ibutton: '0A;0B|\n' },
    });
    const fields = wialonDataFields(message).split(';');
    expect(fields).toHaveLength(16);
    expect(fields[14]).toBe('0A0B');
    expect(fields[15]).toContain(',vin:3:ABCDEFGH');
    expect(wialonText('x'.repeat(100))).toHaveLength(64);
    expect(unsafeLoginField('a;b')).toBe(true);
    expect(unsafeLoginField('pa:ss,w|ord')).toBe(false);
  });
});
