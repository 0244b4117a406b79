/** The EU tachograph download file reader and builders (see read.ts, build-*.ts). */
export { readTachoFile } from './read';
export type { TachoFileSummary } from './summary';
export { unreadable as unreadableSummary } from './summary';
export { buildVehicleUnitFile } from './build-vehicle';
export type { TachoDriver, VehicleUnitFileOptions } from './build-vehicle';
export { buildDriverCardFile } from './build-card';
export type { DriverCardFileOptions } from './build-card';
export { storedFileName, tachoFileName } from './file-name';
