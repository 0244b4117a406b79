/**
 * The reader against vehicle unit downloads written here byte by byte from Annex 1B Appendix 7
 * §2.2.6 (first generation) and Annex 1C Appendix 7 §2.2.6 (second generation record arrays).
 */
import { describe, expect, it } from 'vitest';
import { readTachoFile } from './read';
import { bytes, fill, hex, name, pattern, text, time, u16, u24 } from './test/bytes';

const FROM = '2026-08-26T06:00:00Z';
const TO = '2026-11-24T15:00:00Z';

/** TREP 01 Overview, first generation. */
function overview1(signature = pattern(128)): number[] {
  return [
    ...hex('76 01'),
    ...pattern(194, 2), // MemberStateCertificate
    ...pattern(194, 3), // VuCertificate
    ...text('WDB9634031L123456', 17), // VehicleIdentificationNumber
    ...hex('26 01'), // vehicleRegistrationNation 'NL', codePage 8859-1
    ...text('AB-123-CD', 13), // vehicleRegistrationNumber
    ...time('2026-11-24T15:30:00Z'), // CurrentDateTime
    ...time(FROM), // minDownloadableTime
    ...time(TO), // maxDownloadableTime
    ...hex('00'), // CardSlotsStatus
    ...time('2026-11-24T15:30:00Z'), // VuDownloadActivityData: downloadingTime
    ...hex('04 26'), // fullCardNumber: company card, NL
    ...text('C000000000000001', 16),
    ...name(1, 'Transport BV'), // companyOrWorkshopName
    ...hex('01'), // noOfLocks: one VuCompanyLocksRecord
    ...time('2025-01-01T00:00:00Z'), // lockInTime
    ...fill(4), // lockOutTime: still locked
    ...name(1, 'Transport BV'), // companyName
    ...name(1, 'Haven 1, Rotterdam'), // companyAddress
    ...hex('04 26'),
    ...text('C000000000000001', 16), // companyCardNumber
    ...hex('00'), // noOfControls
    ...signature, // Signature (RSA, 128)
  ];
}

/** TREP 02 Activities of one day, first generation, no card inserted. */
const activities1 = (): number[] => [
  ...hex('76 02'),
  ...time('2026-11-24T00:00:00Z'), // dateOfDay
  ...u24(123456), // OdometerValueMidnight
  ...u16(0), // noOfIWRecords
  ...u16(3), // noOfActivityChanges
  ...hex('0000 1978 0258'), // rest 00:00, driving 06:00, rest 10:00 (activity bits 12–11)
  ...hex('00'), // noOfPlaceRecords
  ...u16(0), // noOfSpecificConditionRecords
  ...pattern(128, 5),
];

/** TREPs 03 Events and faults, 04 Detailed speed, 05 Technical data, first generation. */
const rest1 = (): number[] => [
  ...hex('76 03'),
  ...hex('00'), // noOfVuFaults
  ...hex('00'), // noOfVuEvents
  ...time('2026-11-01T00:00:00Z'), // VuOverSpeedingControlData: lastOverspeedControlTime
  ...fill(4), // firstOverspeedSince
  ...hex('00'), // numberOfOverspeedSince
  ...hex('00'), // noOfVuOverSpeedingEvents
  ...hex('00'), // noOfVuTimeAdjRecords
  ...pattern(128, 7),
  ...hex('76 04'),
  ...u16(1), // noOfSpeedBlocks
  ...time('2026-11-24T14:59:00Z'), // speedBlockBeginDate
  ...fill(60, 80), // speedsPerSecond
  ...pattern(128, 8),
  ...hex('76 05'),
  ...name(1, 'VU Maker'), // vuManufacturerName
  ...name(1, 'Street 1'), // vuManufacturerAddress
  ...text('PART-1', 16), // vuPartNumber
  ...fill(8), // vuSerialNumber (ExtendedSerialNumber)
  ...text('0102', 4), // vuSoftwareVersion
  ...time('2025-01-01T00:00:00Z'), // vuSoftInstallationDate
  ...time('2024-06-01T00:00:00Z'), // vuManufacturingDate
  ...text('e1-84', 8), // vuApprovalNumber
  ...fill(8), // SensorPaired: sensorSerialNumber
  ...text('e1-85', 8), // sensorApprovalNumber
  ...time('2024-06-01T00:00:00Z'), // sensorPairingDateFirst
  ...hex('00'), // noOfVuCalibrationRecords
  ...pattern(128, 9),
];

/** Record array header: recordType, recordSize, noOfRecords. */
const array = (type: number, size: number, count: number, ...records: number[][]): number[] => [
  type,
  ...u16(size),
  ...u16(count),
  ...records.flat(),
];

/** TREP 21 Overview, second generation. */
function overview2(
  registration: number[] = array(0x24, 15, 1, hex('11 01'), text('GH-456-IJ', 13)),
) {
  return [
    ...hex('76 21'),
    ...array(0x04, 205, 1, pattern(205, 2)), // MemberStateCertificateRecordArray
    ...array(0x0f, 205, 1, pattern(205, 3)), // VuCertificateRecordArray
    ...array(0x0a, 17, 1, text('VF1MA000012345678', 17)), // VehicleIdentificationNumberRecordArray
    ...registration, // VehicleRegistrationIdentificationRecordArray: 'F'
    ...array(0x03, 4, 1, time('2026-11-24T15:30:00Z')), // CurrentDateTimeRecordArray
    ...array(0x13, 8, 1, time(FROM), time(TO)), // VuDownloadablePeriodRecordArray
    ...array(0x02, 1, 1, [0]), // CardSlotsStatusRecordArray
    ...array(
      0x14,
      59,
      1,
      time(TO),
      hex('04 11'),
      text('C000000000000002', 16),
      [2],
      name(1, 'Transports SA'),
    ),
    ...array(0x10, 99, 0), // VuCompanyLocksRecordArray (empty)
    ...array(0x11, 32, 0), // VuControlActivityRecordArray (empty)
    ...array(0x08, 64, 1, pattern(64, 4)), // SignatureRecordArray (ECDSA 256)
  ];
}

/** TREP 22 Activities of one day, second generation. */
const activities2 = (): number[] => [
  ...hex('76 22'),
  ...array(0x06, 4, 1, time('2026-11-24T00:00:00Z')), // DateOfDayDownloadedRecordArray
  ...array(0x05, 3, 1, u24(654321)), // OdometerValueMidnightRecordArray
  ...array(0x0d, 131, 0), // VuCardIWRecordArray
  ...array(0x01, 2, 2, hex('0000'), hex('1978')), // VuActivityDailyRecordArray
  ...array(0x1c, 40, 0), // VuPlaceDailyWorkPeriodRecordArray
  ...array(0x16, 56, 0), // VuGNSSADRecordArray
  ...array(0x09, 5, 0), // VuSpecificConditionRecordArray
  ...array(0x08, 64, 1, pattern(64, 6)),
];

/** TREPs 23, 24, 25, second generation (empty lists keep their record size). */
const rest2 = (): number[] => [
  ...hex('76 23'),
  ...array(0x18, 90, 0), // VuFaultRecordArray
  ...array(0x15, 91, 0), // VuEventRecordArray
  ...array(0x1a, 9, 1, fill(9)), // VuOverSpeedingControlDataRecordArray
  ...array(0x1b, 32, 0), // VuOverSpeedingEventRecordArray
  ...array(0x1e, 99, 0), // VuTimeAdjustmentRecordArray
  ...array(0x08, 64, 1, pattern(64, 7)),
  ...hex('76 24'),
  ...array(0x12, 64, 1, time('2026-11-24T14:59:00Z'), fill(60, 80)), // VuDetailedSpeedBlockRecordArray
  ...array(0x08, 64, 1, pattern(64, 8)),
  ...hex('76 25'),
  ...array(0x19, 126, 1, fill(126)), // VuIdentificationRecordArray
  ...array(0x20, 28, 1, fill(28)), // VuSensorPairedRecordArray
  ...array(0x21, 28, 0), // VuSensorExternalGNSSCoupledRecordArray
  ...array(0x0c, 222, 0), // VuCalibrationRecordArray
  ...array(0x0e, 45, 0), // VuCardRecordArray
  ...array(0x17, 20, 0), // VuITSConsentRecordArray
  ...array(0x1f, 87, 0), // VuPowerSupplyInterruptionRecordArray
  ...array(0x08, 64, 1, pattern(64, 9)),
];

describe('first-generation vehicle unit download', () => {
  it('reads VIN, registration, nation and the downloadable period', () => {
    const summary = readTachoFile(bytes(overview1(), activities1(), rest1()));
    expect(summary).toEqual({
      kind: 1,
      generation: 1,
      vin: 'WDB9634031L123456',
      licensePlate: 'AB-123-CD',
      nation: 'NL',
      cardNumber: null,
      driverName: null,
      periodFrom: new Date(FROM),
      periodTo: new Date(TO),
      validState: 1,
      problems: [],
    });
  });

  it('a blank signature is state 3, a missing activity block 12, a cut file 2', () => {
    expect(readTachoFile(bytes(overview1(fill(128)), activities1(), rest1())).validState).toBe(3);
    expect(readTachoFile(bytes(overview1(), rest1()))).toMatchObject({
      validState: 12,
      problems: ['activities missing'],
    });
    expect(readTachoFile(bytes(overview1(), activities1()))).toMatchObject({
      validState: 12,
      problems: ['events and faults missing', 'detailed speed missing', 'technical data missing'],
    });
    const whole = bytes(overview1(), activities1(), rest1());
    const cut = readTachoFile(whole.subarray(0, whole.length - 1));
    expect(cut).toMatchObject({
      validState: 2,
      vin: 'WDB9634031L123456',
      problems: ['file truncated'],
    });
  });

  it('data after the last block is not ok', () => {
    expect(readTachoFile(bytes(overview1(), activities1(), rest1(), hex('12 34'))).validState).toBe(
      2,
    );
  });
});

describe('second-generation vehicle unit download', () => {
  it('reads the overview record arrays', () => {
    const summary = readTachoFile(bytes(overview2(), activities2(), rest2()));
    expect(summary).toMatchObject({
      kind: 1,
      generation: 2,
      vin: 'VF1MA000012345678',
      licensePlate: 'GH-456-IJ',
      nation: 'F',
      periodFrom: new Date(FROM),
      periodTo: new Date(TO),
      validState: 1,
      problems: [],
    });
  });

  it('takes a VehicleRegistrationNumberRecordArray (no nation)', () => {
    const registration = array(0x0b, 14, 1, [1], text('GH-456-IJ', 13));
    expect(readTachoFile(bytes(overview2(registration), activities2(), rest2()))).toMatchObject({
      licensePlate: 'GH-456-IJ',
      nation: null,
      validState: 1,
    });
  });

  it('checks the signature array: count, ECDSA size, not blank', () => {
    const withSignature = (signature: number[]) => {
      const file = overview2();
      return bytes(file.slice(0, file.length - 69), signature, activities2(), rest2());
    };
    expect(readTachoFile(withSignature(array(0x08, 64, 1, fill(64)))).validState).toBe(3);
    expect(readTachoFile(withSignature(array(0x08, 32, 2, pattern(64)))).validState).toBe(3);
    expect(readTachoFile(withSignature(array(0x08, 64, 0))).validState).toBe(3);
    expect(readTachoFile(withSignature(array(0x08, 132, 1, pattern(132)))).validState).toBe(1);
  });

  it('an array longer than the file is truncation, read no further', () => {
    const file = bytes(overview2(), hex('76 22'), array(0x06, 0xffff, 0xffff));
    expect(readTachoFile(file)).toMatchObject({ validState: 2, vin: 'VF1MA000012345678' });
  });

  it('the download interface version block (TREP 00) is skipped', () => {
    expect(
      readTachoFile(bytes(hex('76 00 02 02'), overview2(), activities2(), rest2())).validState,
    ).toBe(1);
  });
});
