/** The builders' files read back as built, in both generations; and their customary names. */
import { describe, expect, it } from 'vitest';
import { tachoFileName } from './file-name';
import { readTachoFile } from './read';
import { cardFile, daysBefore, DRIVER, TO, vehicleFile } from './test/files';

const midnight = (d: Date) => new Date(Math.floor(d.getTime() / 86_400_000) * 86_400_000);

describe.each([1, 2] as const)('generation %i', (generation) => {
  it('a vehicle unit file reads back', () => {
    const summary = readTachoFile(
      vehicleFile({ generation, vin: 'VF1MA000012345678', licensePlate: 'Ж-123', nation: 'UA' }),
    );
    expect(summary).toEqual({
      kind: 1,
      generation,
      vin: 'VF1MA000012345678',
      licensePlate: 'Ж-123', // written in ISO 8859-5
      nation: 'UA',
      cardNumber: null,
      driverName: null,
      periodFrom: daysBefore(90),
      periodTo: TO,
      validState: 1,
      problems: [],
    });
  });

  it('a driver card file reads back, its activity buffer wrapping anywhere', () => {
    for (const activityOffset of [0, 1, 5000, 5543]) {
      const summary = readTachoFile(
        cardFile({ generation, activityOffset, surname: 'Łukasiewicz', firstNames: 'Zoë' }),
      );
      expect(summary).toEqual({
        kind: 2,
        generation,
        vin: null,
        licensePlate: null,
        nation: 'NL',
        cardNumber: DRIVER.cardNumber,
        driverName: 'Zoë Łukasiewicz',
        periodFrom: midnight(daysBefore(28)),
        periodTo: midnight(TO),
        validState: 1,
        problems: [],
      });
    }
  });

  it('a card holds at most 400 days (the builder cap); activityDays takes the last ones', () => {
    const long = readTachoFile(cardFile({ generation, from: daysBefore(600) }));
    expect(long).toMatchObject({ validState: 1, periodTo: midnight(TO) });
    expect(long.periodFrom).toEqual(midnight(daysBefore(399)));
    const week = readTachoFile(cardFile({ generation, activityDays: 7 }));
    expect(week.periodFrom).toEqual(midnight(daysBefore(6)));
  });

  it('blank or missing signatures read as signature not ok (3)', () => {
    expect(readTachoFile(vehicleFile({ generation, signature: 'blank' })).validState).toBe(3);
    expect(readTachoFile(cardFile({ generation, signature: 'blank' })).validState).toBe(3);
    expect(readTachoFile(cardFile({ generation, signature: 'none' })).validState).toBe(3);
  });

  it('a card without activity days is interim ok (11), unknown period', () => {
    const summary = readTachoFile(cardFile({ generation, from: TO, to: TO, activityDays: 0 }));
    expect(summary).toMatchObject({ validState: 11, periodFrom: null, periodTo: null });
  });
});

describe('builders', () => {
  it('a year of vehicle unit data: one activity block per day, realistic size', () => {
    for (const generation of [1, 2] as const) {
      const file = vehicleFile({ generation, from: daysBefore(365) });
      expect(file.length).toBeGreaterThan(100_000);
      expect(file.length).toBeLessThan(400_000);
      expect(readTachoFile(file).validState).toBe(1);
    }
  });

  it('the first-generation overview has the layout size of Annex 1B', () => {
    // 2 + 2×194 certificates + 17 VIN + 15 registration + 4 + 8 + 1 + 58 + 1 + 1 + 128
    const file = vehicleFile({ activityDays: 0 });
    expect(file[0]).toBe(0x76);
    expect(file[623]).toBe(0x76);
    expect(file[624]).toBe(0x03);
  });

  it('files are deterministic', () => {
    const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));
    expect(same(vehicleFile({ generation: 2 }), vehicleFile({ generation: 2 }))).toBe(true);
    expect(same(cardFile({ generation: 2 }), cardFile({ generation: 2 }))).toBe(true);
  });
});

describe('tachoFileName', () => {
  const at = new Date('2026-11-24T15:30:45Z');

  it('names vehicle and card files the customary way', () => {
    expect(tachoFileName(readTachoFile(vehicleFile({ licensePlate: 'AB 123-CD' })), at)).toBe(
      'M_20261124_1530_AB123CD_WDB9634031L123456.ddd',
    );
    expect(
      tachoFileName(readTachoFile(cardFile({ surname: 'Jansen', firstNames: 'Jan' })), at),
    ).toBe('C_20261124_1530_J_Jansen_NL00000123456780.ddd');
    expect(tachoFileName(readTachoFile(new Uint8Array([1, 2, 3])), at)).toBe(
      'U_20261124_1530_unreadable.ddd',
    );
  });

  it('sanitises and bounds what files hold', () => {
    const name = tachoFileName(
      {
        ...readTachoFile(cardFile()),
        driverName: `Ünal ${'../'.repeat(30)}Öz/../\\"<x>`,
        cardNumber: 'x'.repeat(200),
      },
      at,
    );
    expect(name).toMatch(/^C_20261124_1530_U_[A-Za-z0-9-]+_x+\.ddd$/);
    expect(name.length).toBeLessThanOrEqual(120);
    const empty = tachoFileName(
      { ...readTachoFile(vehicleFile()), vin: null, licensePlate: '' },
      at,
    );
    expect(empty).toBe('M_20261124_1530_NoPlate_NoVIN.ddd');
  });
});
