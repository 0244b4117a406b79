import { describe, expect, it } from 'vitest';
import { activeFlagNames, flagValuesOf, zeroFlagValues } from '@shared/devices/event-flags';
import { messageJson } from './event-flags';

describe('a message as endpoint{n}JSON', () => {
  const message = { index: 0, URL: 'https://x', protocol: 1, TIME: 3, SOT: 35, REQ: 65535 };

  it('clearing keeps URL, protocol and index and zeroes every flag', () => {
    const cleared = JSON.parse(messageJson(message, zeroFlagValues())) as Record<string, unknown>;
    expect(cleared).toMatchObject({ index: 0, URL: 'https://x', protocol: 1, TIME: 0, REQ: 0 });
    expect(activeFlagNames(flagValuesOf(cleared))).toEqual([]);
  });

  it('lays the new flags over the message as it was', () => {
    const edited = JSON.parse(
      messageJson(message, { ...flagValuesOf(message), TIME: 7 }),
    ) as Record<string, unknown>;
    expect(edited).toMatchObject({ URL: 'https://x', TIME: 7, SOT: 35, EOT: 0, REQ: 65535 });
  });
});
