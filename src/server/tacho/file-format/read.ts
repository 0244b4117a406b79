/**
 * readTachoFile: what a tachograph download file says about itself, for the download record
 * (spec 03 §3). Tells a vehicle unit download from a driver card download by its first bytes
 * ('76'H + TREP, or an elementary file tag), and the generation by the TREPs / tag appendices.
 * Never throws, whatever the input; the work is linear in the file and allocates nothing per
 * declared length.
 */
import { isDriverCardFile, readDriverCard } from './driver-card';
import { summarise, unreadable, type TachoFileSummary } from './summary';
import { isVehicleUnitFile, readVehicleUnit } from './vehicle-unit';

/** The problem text of a reader bug caught at the last line of defence (tests look for it). */
export const READER_FAILURE = 'reader failure';

export function readTachoFile(bytes: Uint8Array): TachoFileSummary {
  try {
    if (!(bytes instanceof Uint8Array) || bytes.length === 0) return unreadable('empty file');
    if (isVehicleUnitFile(bytes)) return summarise(readVehicleUnit(bytes));
    if (isDriverCardFile(bytes)) return summarise(readDriverCard(bytes));
    return unreadable('not a tachograph download');
  } catch {
    // An upload is kept and recorded whatever it holds: a reader bug must not refuse it.
    return unreadable(READER_FAILURE);
  }
}
