/** Built download files the reader tests share. */
import {
  buildDriverCardFile,
  type DriverCardFileOptions,
} from '@server/tacho/file-format/build-card';
import {
  buildVehicleUnitFile,
  type VehicleUnitFileOptions,
} from '@server/tacho/file-format/build-vehicle';

export const TO = new Date('2026-11-24T15:30:00Z');
export const daysBefore = (days: number, to = TO): Date =>
  new Date(to.getTime() - days * 86_400_000);

export const DRIVER = {
  cardNumber: 'NL00000123456780',
  nation: 'NL',
  surname: 'Jansen',
  firstNames: 'Jan Peter',
};

export const vehicleFile = (o: Partial<VehicleUnitFileOptions> = {}): Uint8Array =>
  buildVehicleUnitFile({
    generation: 1,
    vin: 'WDB9634031L123456',
    licensePlate: 'AB-123-CD',
    nation: 'NL',
    from: daysBefore(90),
    to: TO,
    driver: DRIVER,
    ...o,
  });

export const cardFile = (o: Partial<DriverCardFileOptions> = {}): Uint8Array =>
  buildDriverCardFile({ generation: 1, ...DRIVER, from: daysBefore(28), to: TO, ...o });

/** Small files of each kind and generation (few days, little speed data). */
export const smallFiles = (): [string, Uint8Array][] => [
  ['vehicle unit, gen 1', vehicleFile({ activityDays: 2, speedMinutes: 2 })],
  ['vehicle unit, gen 2', vehicleFile({ generation: 2, activityDays: 2, speedMinutes: 2 })],
  ['driver card, gen 1', cardFile({ activityDays: 3 })],
  ['driver card, gen 2', cardFile({ generation: 2, activityDays: 3 })],
];
