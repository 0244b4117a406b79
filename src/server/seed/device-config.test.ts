import { describe, expect, it } from 'vitest';
import { settingValueIssue } from '@shared/devices/device-settings';
import { makeDevice } from './fleet';
import { createRandom } from './random';

describe('demo device configurations', () => {
  it('follow the flat convention and the setting rules, with ~10% pending changes', () => {
    const random = createRandom(7);
    const made = Array.from({ length: 500 }, (_, i) => makeDevice(i, 1, random));
    for (const { device, pending } of made) {
      const config = device.currentConfig as Record<string, string>;
      for (const [name, value] of Object.entries(config)) {
        if (name === 'ModemVersion') continue; // reported by the modem, never set by the portal
        expect(settingValueIssue(name, value), `${name}=${value}`).toBeUndefined();
      }
      expect(device.firmware).toBe(config.Firmware);
      expect(device.protocolCode).toBe(config.ProtocolCode);
      expect(device.inSync).toBe(pending.length === 0);
      expect(device.configOverlay).toEqual(
        Object.fromEntries(pending.map((p) => [p.SettingName, p.Value])),
      );
    }
    const outOfSync = made.filter((m) => m.pending.length > 0).length;
    expect(outOfSync).toBeGreaterThan(25);
    expect(outOfSync).toBeLessThan(80);
  });
});
