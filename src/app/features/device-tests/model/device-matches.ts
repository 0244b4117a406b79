import type { Device } from '@shared/devices/devices';
import { MIN_SEARCH_LENGTH } from '@app/components/list';

/** Spec 03 §5, §9: cards only for 1 to this many matches. */
export const MAX_TEST_MATCHES = 5;

export type MatchOutcome =
  | { kind: 'short' }
  | { kind: 'none' }
  | { kind: 'tooMany' }
  | { kind: 'devices'; devices: Device[] };

/** The search term, or null while it is shorter than the search minimum. */
export function searchTerm(text: string): string | null {
  const term = text.trim();
  return term.length >= MIN_SEARCH_LENGTH ? term : null;
}

/**
 * What the search shows, from the IMEI and SN result pages: a device found by both counts once.
 * A full first page means "many" already; the list beyond it is never needed.
 */
export function matchOutcome(
  text: string,
  resultLists: readonly (readonly Device[])[],
): MatchOutcome {
  if (searchTerm(text) === null) return { kind: 'short' };
  const byId = new Map<number, Device>();
  for (const list of resultLists) for (const device of list) byId.set(device.Id, device);
  if (byId.size === 0) return { kind: 'none' };
  if (byId.size > MAX_TEST_MATCHES) return { kind: 'tooMany' };
  return { kind: 'devices', devices: [...byId.values()].sort((a, b) => a.Id - b.Id) };
}
