// TEMPORARY STAND-IN for H1's reader/builder (wip/reader): same names, a throwaway format.
// Reverted before main's real module is merged; nothing of it is meant to ship.
import { TACHO_KINDS, VALID_STATES, type TachoKind } from '../../../shared/tacho';

export interface TachoFileSummary {
  kind: TachoKind | null;
  generation: 1 | 2 | null;
  vin: string | null;
  licensePlate: string | null;
  nation: string | null;
  cardNumber: string | null;
  driverName: string | null;
  periodFrom: Date | null;
  periodTo: Date | null;
  validState: number;
  problems: string[];
}

export interface VehicleUnitFileOptions {
  generation: 1 | 2;
  vin: string;
  licensePlate: string;
  nation: string;
  periodFrom: Date;
  periodTo: Date;
}
export interface DriverCardFileOptions {
  generation: 1 | 2;
  cardNumber: string;
  driverName: string;
  nation: string;
  periodFrom: Date;
  periodTo: Date;
}

const MAGIC = 'STUB';
const encode = (o: object) => new TextEncoder().encode(MAGIC + JSON.stringify(o));

export function buildVehicleUnitFile(o: VehicleUnitFileOptions): Uint8Array {
  return encode({ kind: 1, ...o });
}
export function buildDriverCardFile(o: DriverCardFileOptions): Uint8Array {
  return encode({ kind: 2, ...o });
}

export function readTachoFile(bytes: Uint8Array): TachoFileSummary {
  const empty: TachoFileSummary = {
    kind: null,
    generation: null,
    vin: null,
    licensePlate: null,
    nation: null,
    cardNumber: null,
    driverName: null,
    periodFrom: null,
    periodTo: null,
    validState: VALID_STATES.unreadable,
    problems: ['unreadable'],
  };
  const text = new TextDecoder().decode(bytes);
  if (!text.startsWith(MAGIC)) return empty;
  try {
    const o = JSON.parse(text.slice(MAGIC.length)) as Record<string, unknown>;
    const kind = o.kind === 1 ? TACHO_KINDS.vehicle : TACHO_KINDS.driver;
    return {
      ...empty,
      kind,
      generation: o.generation === 2 ? 2 : 1,
      vin: (o.vin as string | undefined) ?? null,
      licensePlate: (o.licensePlate as string | undefined) ?? null,
      nation: (o.nation as string | undefined) ?? null,
      cardNumber: (o.cardNumber as string | undefined) ?? null,
      driverName: (o.driverName as string | undefined) ?? null,
      periodFrom: new Date(o.periodFrom as string),
      periodTo: new Date(o.periodTo as string),
      validState: VALID_STATES.ok,
      problems: [],
    };
  } catch {
    return { ...empty, kind: null, validState: VALID_STATES.notOk, problems: ['truncated'] };
  }
}

export function tachoFileName(summary: TachoFileSummary, uploadedAt: Date): string {
  const stamp = uploadedAt.toISOString().replace(/[-:]/g, '').slice(0, 15);
  return summary.kind === TACHO_KINDS.driver
    ? `C_${stamp}_${summary.driverName ?? 'unknown'}.ddd`
    : `M_${stamp}_${summary.licensePlate ?? 'unknown'}.ddd`;
}
