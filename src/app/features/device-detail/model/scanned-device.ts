import type { Device } from '@shared/devices/devices';
import type { ScannedIdentifier } from '@shared/devices/label-scan';

export type ScannedDevice =
  { kind: 'one'; device: Device } | { kind: 'none' } | { kind: 'several'; count: number };

// Labels pad ICCIDs to 20 characters with an F; the scan has dropped it, the device may not have.
const bareIccid = (iccid: string | null) => (iccid ?? '').replace(/[Ff]$/, '');

/**
 * The device a scanned label names, among the first page of the list search for it (a
 * "contains" search): only an exact IMEI or ICCID counts.
 */
export function scannedDevice(id: ScannedIdentifier, found: readonly Device[]): ScannedDevice {
  const exact = found.filter((device) =>
    id.kind === 'imei' ? device.IMEI === id.value : bareIccid(device.ICCID) === id.value,
  );
  const [first] = exact;
  if (!first) return { kind: 'none' };
  return exact.length === 1
    ? { kind: 'one', device: first }
    : { kind: 'several', count: exact.length };
}
