import { describe, expect, it } from 'vitest';
import { resolveTab, visibleTabs } from './tabs';

const ids = (applicationVersion: number, admin: boolean) =>
  visibleTabs(applicationVersion, admin).map((tab) => tab.label);

describe('device tabs (reading B plus Tacho settings)', () => {
  it('shows CAN Config for applicationVersion 0 and Endpoints & messages otherwise', () => {
    expect(ids(0, false)).toContain('CAN Config');
    expect(ids(0, false)).not.toContain('Endpoints & messages');
    expect(ids(1, false)).toContain('Endpoints & messages');
    expect(ids(1, false)).not.toContain('CAN Config');
  });

  it('keeps Customer history for admins', () => {
    expect(ids(1, false)).not.toContain('Customer history');
    expect(ids(1, true)).toEqual([
      'Information',
      'Settings',
      'Tacho settings',
      'Endpoints & messages',
      'Message forwards',
      'Thresholds',
      'Requests',
      'RawMessage',
      'Settings history',
      'Customer history',
    ]);
  });

  it('falls back to Information for a tab the device or user does not have', () => {
    expect(resolveTab('can', visibleTabs(1, true))).toBe('information');
    expect(resolveTab('customerhistory', visibleTabs(0, false))).toBe('information');
    expect(resolveTab(undefined, visibleTabs(0, false))).toBe('information');
    expect(resolveTab('requests', visibleTabs(0, false))).toBe('requests');
  });
});
