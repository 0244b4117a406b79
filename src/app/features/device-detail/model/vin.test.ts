import { describe, expect, it } from 'vitest';
import { configuredVinHint, shownVin } from './vin';

describe('shownVin', () => {
  it("shows the reported VIN, and '0' or none as empty", () => {
    expect(shownVin('WDB5LGP46V9LWBX5D')).toBe('WDB5LGP46V9LWBX5D');
    expect(shownVin('0')).toBe('');
    expect(shownVin(null)).toBe('');
    expect(shownVin(undefined)).toBe('');
  });
});

describe('configuredVinHint', () => {
  it('shows the reported VIN under an empty setting', () => {
    expect(configuredVinHint('WDB5LGP46V9LWBX5D', '')).toBe(
      'Not set. Device reports: WDB5LGP46V9LWBX5D',
    );
    expect(configuredVinHint('WDB5LGP46V9LWBX5D', '  ')).toBe(
      'Not set. Device reports: WDB5LGP46V9LWBX5D',
    );
  });

  it('shows the reported VIN under a setting that differs, nothing under one that agrees', () => {
    expect(configuredVinHint('WDB5LGP46V9LWBX5D', 'YV2RT40A8HB123456')).toBe(
      'Device reports: WDB5LGP46V9LWBX5D',
    );
    expect(configuredVinHint('WDB5LGP46V9LWBX5D', 'WDB5LGP46V9LWBX5D')).toBeUndefined();
  });

  it('says nothing when the device reports no VIN', () => {
    expect(configuredVinHint('0', '')).toBeUndefined();
    expect(configuredVinHint(undefined, 'YV2RT40A8HB123456')).toBeUndefined();
  });
});
