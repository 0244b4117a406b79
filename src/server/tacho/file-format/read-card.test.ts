/**
 * The reader against driver card downloads written here byte by byte from Annex 1B Appendix 7
 * §3.3 / Annex 1C Appendix 7 §3.3 (elementary files: FID, appendix, length, data) and the card
 * data structures of Appendix 1 (CardIdentification, DriverCardHolderIdentification,
 * CardDriverActivity with its cyclic buffer of CardActivityDailyRecords).
 */
import { describe, expect, it } from 'vitest';
import { readTachoFile } from './read';
import { block, bytes, fill, hex, name, pattern, text, time, u16 } from './test/bytes';

const CARD = 'NL00000123456780';

/** EF_Identification: CardIdentification (65) + DriverCardHolderIdentification (78). */
const identification = (surname = name(1, 'Jansen'), firstNames = name(1, 'Jan Peter')) => [
  0x26, // cardIssuingMemberState: NL
  ...text(CARD, 16), // cardNumber
  ...name(1, 'RDW'), // cardIssuingAuthorityName
  ...time('2024-01-10T00:00:00Z'), // cardIssueDate
  ...time('2024-01-10T00:00:00Z'), // cardValidityBegin
  ...time('2029-01-09T00:00:00Z'), // cardExpiryDate
  ...surname, // holderSurname
  ...firstNames, // holderFirstNames
  ...hex('19800115'), // cardHolderBirthDate (Datef, BCD)
  ...text('nl', 2), // cardHolderPreferredLanguage
];

/** A CardActivityDailyRecord with two activity changes (16 bytes). */
const dayRecord = (previous: number, date: string, counter: string) => [
  ...u16(previous), // activityPreviousRecordLength
  ...u16(16), // activityRecordLength
  ...time(date), // activityRecordDate
  ...hex(counter), // activityDailyPresenceCounter (BCD)
  ...u16(312), // activityDayDistance
  ...hex('0000 1978'), // rest from 00:00, driving from 06:00
];

/**
 * EF_Driver_Activity_Data with a 60-byte cyclic buffer: three days at offsets 40, 56 and 12,
 * so the second day wraps around the buffer's end (bytes 56–59 then 0–11).
 */
function activity(): number[] {
  const buffer = fill(60);
  const put = (offset: number, record: number[]) => {
    record.forEach((byte, i) => (buffer[(offset + i) % 60] = byte));
  };
  put(40, dayRecord(0, '2026-11-01T00:00:00Z', '0001'));
  put(56, dayRecord(16, '2026-11-02T00:00:00Z', '0002'));
  put(12, dayRecord(16, '2026-11-03T00:00:00Z', '0003'));
  return [...u16(40), ...u16(12), ...buffer]; // oldest, newest, activityDailyRecords
}

/** A signed file the reader only places: data block (zeros) + signature block. */
const other = (fid: string, size: number, appendix: 0 | 2, signature: number[]) => [
  ...block(`${fid} 0${appendix}`, fill(size)),
  ...block(`${fid} 0${appendix + 1}`, signature),
];

/** The rest of the first-generation application (sizes from the application identification). */
const rest1 = (): number[] => [
  ...other('0502', 6 * 12 * 24, 0, pattern(128)), // EF_Events_Data: 6 types × 12 CardEventRecords
  ...other('0503', 2 * 24 * 24, 0, pattern(128)), // EF_Faults_Data: 2 types × 24 CardFaultRecords
  ...other('0505', 2 + 84 * 31, 0, pattern(128)), // EF_Vehicles_Used: pointer + 84 records
  ...other('0506', 1 + 112 * 10, 0, pattern(128)), // EF_Places: pointer + 112 PlaceRecords
  ...other('0507', 19, 0, pattern(128)), // EF_Current_Usage
  ...other('0508', 46, 0, pattern(128)), // EF_Control_Activity_Data
  ...other('0522', 56 * 5, 0, pattern(128)), // EF_Specific_Conditions
];

/** The first-generation application: data block + 128-byte signature block per file. */
const gen1 = (files: { ident?: number[]; activity?: number[] | null; sign?: boolean } = {}) => [
  ...block('0002 00', fill(25)), // EF_ICC (unsigned)
  ...block('0005 00', fill(8)), // EF_IC (unsigned)
  ...block('0501 00', hex('01 0000 0C 18 003C 0054 70')), // EF_Application_Identification
  ...block('0501 01', pattern(128)),
  ...block('C100 00', pattern(194)), // EF_Card_Certificate (unsigned)
  ...block('0520 00', files.ident ?? identification()), // EF_Identification
  ...(files.sign === false ? [] : block('0520 01', pattern(128, 2))),
  ...block('050E 00', time('2026-10-01T08:00:00Z')), // EF_Card_Download
  ...block('050E 01', pattern(128, 3)),
  ...(files.activity === null
    ? []
    : [...block('0504 00', files.activity ?? activity()), ...block('0504 01', pattern(128, 4))]),
  ...rest1(),
];

describe('first-generation driver card download', () => {
  it('reads card number, nation, driver name and the activity period across the wrap', () => {
    expect(readTachoFile(bytes(gen1()))).toEqual({
      kind: 2,
      generation: 1,
      vin: null,
      licensePlate: null,
      nation: 'NL',
      cardNumber: CARD,
      driverName: 'Jan Peter Jansen',
      periodFrom: new Date('2026-11-01T00:00:00Z'),
      periodTo: new Date('2026-11-03T00:00:00Z'),
      validState: 1,
      problems: [],
    });
  });

  it('a missing signature block is state 3', () => {
    expect(readTachoFile(bytes(gen1({ sign: false })))).toMatchObject({
      validState: 3,
      problems: ['signature missing'],
    });
  });

  it('no activity file is interim not ok (12); an empty one interim ok (11)', () => {
    expect(readTachoFile(bytes(gen1({ activity: null })))).toMatchObject({
      validState: 12,
      problems: ['activity data missing'],
    });
    const empty = readTachoFile(bytes(gen1({ activity: [...u16(0), ...u16(0), ...fill(60)] })));
    expect(empty).toMatchObject({ validState: 11, periodFrom: null, periodTo: null });
  });

  it('pointers outside the buffer are not ok', () => {
    const bad = [...u16(40), ...u16(900), ...fill(60)];
    expect(readTachoFile(bytes(gen1({ activity: bad }))).validState).toBe(2);
  });

  it('decodes each Name in its own code page', () => {
    // ISO 8859-2 'Łukasz' (Ł = A3), ISO 8859-7 'Νίκος' (Ν = CD, ί = DF, κ = EA, ο = EF, ς = F2).
    const ident = identification(
      name(2, [0xa3, ...text('ukasz', 5)]),
      name(7, hex('CD DF EA EF F2')),
    );
    expect(readTachoFile(bytes(gen1({ ident }))).driverName).toBe('Νίκος Łukasz');
  });

  it('a company card is not a driver card (12)', () => {
    const file = bytes(gen1()).slice();
    file[5 + 25 + 5 + 8 + 5] = 4; // typeOfTachographCardId: company card
    expect(readTachoFile(file)).toMatchObject({ validState: 12, problems: ['not a driver card'] });
  });
});

describe('second-generation driver card download', () => {
  /** The first application, then the second's files with appendix 02 and ECDSA signatures. */
  const gen2 = (signature = pattern(64, 9)) =>
    bytes(
      gen1(),
      block('0501 02', hex('01 0100 0C 18 003C 00C8 0070 00FC 0038 00C8')), // 17 bytes
      block('0501 03', signature),
      block('C101 02', pattern(205)), // EF_CardSignCertificate (unsigned)
      block('0520 02', identification()),
      block('0520 03', signature),
      block('0504 02', [
        ...u16(0),
        ...u16(0),
        ...dayRecord(0, '2026-11-04T00:00:00Z', '0004'),
        ...fill(44),
      ]),
      block('0504 03', signature),
      ...['0502', '0503', '0505', '0506', '0507', '0508', '0522', '0523', '0524'].map((fid) =>
        other(fid, 40, 2, signature),
      ),
    );

  it('is second generation, and its activity file wins over the first', () => {
    expect(readTachoFile(gen2())).toMatchObject({
      kind: 2,
      generation: 2,
      cardNumber: CARD,
      driverName: 'Jan Peter Jansen',
      periodFrom: new Date('2026-11-04T00:00:00Z'),
      periodTo: new Date('2026-11-04T00:00:00Z'),
      validState: 1,
    });
  });

  it('a second-generation signature of 128 bytes is still ECDSA-sized; 200 is not', () => {
    expect(readTachoFile(gen2(pattern(128))).validState).toBe(1);
    expect(readTachoFile(gen2(pattern(200))).validState).toBe(3);
  });
});
