import {
  TACHO_DRIVER_DOWNLOAD_FILTERS,
  TACHO_DRIVER_OVERVIEW_FILTERS,
  TACHO_MASS_DOWNLOAD_FILTERS,
  TACHO_OBJECT_OVERVIEW_FILTERS,
} from '@shared/tacho/tacho-lists';
import { TACHO_KINDS, type TachoKind } from '@shared/tacho/tacho';
import { TACHO_PANEL_MAX_NAMES } from '@shared/tacho/tacho-schemas';

/**
 * What differs between the vehicle and the driver screens (spec 03 §2): titles, filters, nouns
 * and empty texts. No valibot and no components, so the route files can read it.
 */
export const DOWNLOAD_SCREENS = {
  [TACHO_KINDS.vehicle]: {
    kind: TACHO_KINDS.vehicle,
    title: 'Tacho MassMemory Download',
    filters: TACHO_MASS_DOWNLOAD_FILTERS,
    noun: { one: 'mass memory download', many: 'mass memory downloads' },
    empty: {
      title: 'No mass memory downloads found',
      text: 'No vehicle unit has uploaded a download yet.',
    },
  },
  [TACHO_KINDS.driver]: {
    kind: TACHO_KINDS.driver,
    title: 'Tacho DriverCard Download',
    filters: TACHO_DRIVER_DOWNLOAD_FILTERS,
    noun: { one: 'driver card download', many: 'driver card downloads' },
    empty: {
      title: 'No driver card downloads found',
      text: 'No driver card has been downloaded yet.',
    },
  },
} as const satisfies Record<TachoKind, unknown>;

export const OVERVIEW_SCREENS = {
  [TACHO_KINDS.vehicle]: {
    kind: TACHO_KINDS.vehicle,
    title: 'Object Overview',
    filters: TACHO_OBJECT_OVERVIEW_FILTERS,
    /** The side panel's subjects, and what names one. */
    subject: { one: 'vehicle', many: 'vehicles', key: 'LicensePlate' },
    noun: { one: 'vehicle', many: 'vehicles' },
    empty: { title: 'No vehicles found', text: 'No vehicle unit has uploaded a download yet.' },
  },
  [TACHO_KINDS.driver]: {
    kind: TACHO_KINDS.driver,
    title: 'Driver Overview',
    filters: TACHO_DRIVER_OVERVIEW_FILTERS,
    subject: { one: 'driver', many: 'drivers', key: 'Name' },
    noun: { one: 'driver', many: 'drivers' },
    empty: { title: 'No drivers found', text: 'No driver card has been downloaded yet.' },
  },
} as const satisfies Record<TachoKind, unknown>;

/** The side panel asks for at most this many plates or names at once (one path segment). */
export const PANEL_MAX_NAMES = TACHO_PANEL_MAX_NAMES;

/** The plates or names of the selected overview rows, once each, at most PANEL_MAX_NAMES. */
export function panelNames(
  kind: TachoKind,
  rows: readonly { LicensePlate: string | null; Name: string | null }[],
): { names: string[]; capped: boolean } {
  const key = OVERVIEW_SCREENS[kind].subject.key;
  const all = [...new Set(rows.flatMap((r) => (r[key] ? [r[key]] : [])))];
  return { names: all.slice(0, PANEL_MAX_NAMES), capped: all.length > PANEL_MAX_NAMES };
}

/** 'Files of 3 vehicles' (the panel's and the phone sheet's title). */
export function panelTitle(kind: TachoKind, count: number): string {
  const subject = OVERVIEW_SCREENS[kind].subject;
  return count === 0
    ? 'Files'
    : `Files of ${String(count)} ${count === 1 ? subject.one : subject.many}`;
}
