/**
 * What the tacho screens and the rtddata routes share (spec 03 §2, §3, §7), without schemas:
 * the filters, the row shapes and the state graph's answer. The server module's schemas and the
 * client's screens both follow these.
 */
import type { TachoRequestProgress } from './tacho';

/** Search filters per screen (spec 03 §2); the first is the default. */
export const TACHO_MASS_DOWNLOAD_FILTERS = [
  'LicensePlate',
  'CardNumber',
  'IMEI',
  'Name',
  'VIN',
] as const;
export const TACHO_DRIVER_DOWNLOAD_FILTERS = ['Name', 'CardNumber', 'IMEI'] as const;
/** IMEI is offered to resellers only (spec 03 §6); the server accepts it from anyone. */
export const TACHO_OBJECT_OVERVIEW_FILTERS = ['LicensePlate', 'CardNumber', 'IMEI'] as const;
export const TACHO_DRIVER_OVERVIEW_FILTERS = ['Name', 'CardNumber'] as const;
/** Every filter the rtddata search routes take (`rtddata/search/{field}/…`). */
export const TACHO_SEARCH_FIELDS = ['LicensePlate', 'CardNumber', 'IMEI', 'Name', 'VIN'] as const;
export type TachoSearchField = (typeof TACHO_SEARCH_FIELDS)[number];

/** Rows per page of every rtddata list (the list kit ends a list on a short page). */
export const TACHO_PAGE_SIZE = 50;

/** The latest remote download request of the row's vehicle (device) or driver card. */
export interface TachoRequestState {
  Id: number;
  Progress: TachoRequestProgress;
  /** When it was requested, ISO 8601. */
  Created: string;
  /** 'scheduler' when the portal asked by itself. */
  RequestedBy: 'user' | 'scheduler';
}

/** A download record (spec 03 §3), as `rtddata/…` lists it. Times are ISO 8601. */
export interface TachoFileRow {
  Id: number;
  CustomerId: number | null;
  Customer: string | null;
  LicensePlate: string | null;
  /** The driver's name (driver cards; a vehicle file's last card holder when it names one). */
  Name: string | null;
  CardNumber: string | null;
  IMEI: string | null;
  VIN: string | null;
  FileName: string;
  TimeStampUpload: string;
  /** 1990-01-01T00:00:00.000Z for the unknown period (TACHO_UNKNOWN_PERIOD). */
  TimeStampFrom: string;
  TimeStampTo: string;
  ValidState: number;
  Request: TachoRequestState | null;
}

/**
 * A row of the overviews (`rtddata/latest/…`): the latest record of one licence plate or driver
 * name. `Id` is the overview row's own id (the list's cursor), `FileId` the record's.
 */
export interface TachoLatestRow extends Omit<TachoFileRow, 'Id'> {
  Id: number;
  FileId: number;
}

/** One bar of the state graph: how many vehicles or drivers fall in each series. */
export interface TachoStateCounts {
  Available: number;
  SoonAvailable: number;
  NotOnSchedule: number;
}

/** `GET rtddata/stategraph`: the caller's vehicles and drivers, by law and by planned RDL. */
export interface TachoStateGraph {
  ByLaw: { Vehicles: TachoStateCounts; Drivers: TachoStateCounts };
  PlannedRdl: { Vehicles: TachoStateCounts; Drivers: TachoStateCounts };
  /** Days left at or below which a vehicle or driver counts as Soon Available. */
  SoonDays: number;
}
