import { TACHO_COMMANDS, TACHO_KINDS, type TachoKind } from '@shared/tacho/tacho';
import { buildDriverCardFile, buildVehicleUnitFile } from '@server/tacho/file-format';
import { driverOf, type TachoVehicle } from './tacho-identities';

/**
 * The simulated vehicle's tachograph: it answers the remote download commands of
 * docs/device-protocol.md ("Tachograph files") with a file built as a real vehicle unit or
 * driver card gives it, for the identities of tacho-identities.ts.
 */
export type TachoCommand =
  { kind: typeof TACHO_KINDS.vehicle } | { kind: typeof TACHO_KINDS.driver; cardNumber: string };

const CARD_PREFIX = TACHO_COMMANDS.driverCard('');

/** The remote download a modem command asks for, or null for any other command. */
export function tachoCommandOf(command: string): TachoCommand | null {
  const text = command.trim();
  if (text === TACHO_COMMANDS.massMemory) return { kind: TACHO_KINDS.vehicle };
  if (text.startsWith(CARD_PREFIX)) {
    const cardNumber = text.slice(CARD_PREFIX.length).trim();
    if (cardNumber) return { kind: TACHO_KINDS.driver, cardNumber };
  }
  return null;
}

const DAY_MS = 86_400_000;

/** The file a remote download gives: the last 28 days up to now, generation 2 (smart tachograph). */
export function tachoFileFor(
  command: TachoCommand,
  vehicle: TachoVehicle,
  now: Date,
): { kind: TachoKind; bytes: Uint8Array } {
  const from = new Date(now.getTime() - 28 * DAY_MS);
  // A few days of activity keep the files small; the period is the whole 28 days.
  const size = { activityDays: 3 };
  if (command.kind === TACHO_KINDS.vehicle)
    return {
      kind: command.kind,
      bytes: buildVehicleUnitFile({
        generation: 2,
        ...vehicle,
        from,
        to: now,
        ...size,
        speedMinutes: 60,
      }),
    };
  return {
    kind: command.kind,
    bytes: buildDriverCardFile({
      generation: 2,
      cardNumber: command.cardNumber,
      ...driverOf(command.cardNumber),
      from,
      to: now,
      ...size,
    }),
  };
}
