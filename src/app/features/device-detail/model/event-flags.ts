import type { FlagValues } from '@shared/devices/event-flags';
import type { ConfigMessage } from '@shared/devices/devices';

/**
 * The endpoint{n}JSON value: the message as it was (URL, protocol, …) with the new flags. The
 * flags themselves (names, chapter bits) are shared: src/shared/devices/event-flags.ts.
 */
export const messageJson = (message: ConfigMessage | null, flags: FlagValues): string =>
  JSON.stringify({ ...(message ?? {}), ...flags });
