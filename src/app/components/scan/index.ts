/**
 * Scanning a device label (IMEI or ICCID) with the camera, for every search that takes one. The
 * dialog and the barcode reader load on first use (docs/decisions/067).
 */
export { ScanButton } from './ScanButton';
export type { ScanOutcome } from './ScanDialog';
