import { describe, expect, it } from 'vitest';
import {
  TACHO_DRIVER_DOWNLOAD_FILTERS,
  TACHO_MASS_DOWNLOAD_FILTERS,
  TACHO_OBJECT_OVERVIEW_FILTERS,
} from '@shared/tacho/tacho-lists';
import { authFixture } from '@app/test/fixtures';
import { filtersFor, tachoAccess } from './tacho-access';

const tacho = { Features: ['Tacho Download'] };
const user = tachoAccess(authFixture({ Role: 'User', ...tacho }));
const viewer = tachoAccess(authFixture({ Role: 'Viewer', ...tacho }));
const reseller = tachoAccess(authFixture({ Role: 'User', IsReseller: true, ...tacho }));
const admin = tachoAccess(authFixture({ Role: 'Admin', ...tacho }));

describe('who sees and does what on the tacho screens', () => {
  it('gives resellers and admins the customers, others not', () => {
    expect([user, viewer, reseller, admin].map((a) => a.customers)).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });

  it('lets users request remote downloads, never viewers nor callers without the feature', () => {
    expect(user.request).toBe(true);
    expect(viewer.request).toBe(false);
    expect(tachoAccess(authFixture({ Role: 'User', Features: [] })).request).toBe(false);
    expect(tachoAccess(null).request).toBe(false);
  });

  it('offers the Object Overview’s IMEI filter to resellers only', () => {
    expect(filtersFor(TACHO_OBJECT_OVERVIEW_FILTERS, user, true)).toEqual([
      'LicensePlate',
      'CardNumber',
    ]);
    expect(filtersFor(TACHO_OBJECT_OVERVIEW_FILTERS, reseller, true)).toEqual([
      'LicensePlate',
      'CardNumber',
      'IMEI',
    ]);
  });

  it('offers the download lists’ filters to everyone', () => {
    expect(filtersFor(TACHO_MASS_DOWNLOAD_FILTERS, viewer, false)).toEqual(
      TACHO_MASS_DOWNLOAD_FILTERS,
    );
    expect(filtersFor(TACHO_DRIVER_DOWNLOAD_FILTERS, user, false)).toContain('IMEI');
  });
});
