import { http, HttpResponse } from 'msw';
import type { TachoFileRow, TachoLatestRow } from '@shared/tacho/tacho-lists';
import { TACHO_UNKNOWN_PERIOD } from '@shared/tacho/tacho';
import type { Auth } from '@shared/access/auth';
import { apiUrl } from '@app/test/api-server';
import { authFixture, customerFixture } from '@app/test/fixtures';

const DAY_MS = 86_400_000;
/** An ISO time `days` days before now (negative: after). */
export const daysAgo = (days: number, now = Date.now()) =>
  new Date(now - days * DAY_MS).toISOString();

export const fileRow = (Id: number, more: Partial<TachoFileRow> = {}): TachoFileRow => ({
  Id,
  CustomerId: 3,
  Customer: 'Atlas Freight',
  LicensePlate: 'AB-123-C',
  Name: 'Jan de Vries',
  CardNumber: 'NL00000012345601',
  IMEI: '358528110000001',
  VIN: 'WDB9634031L123456',
  FileName: `M_20250301_AB123C_${String(Id)}.DDD`,
  TimeStampUpload: '2025-03-01T10:15:00.000Z',
  TimeStampFrom: '2025-02-01T00:00:00.000Z',
  TimeStampTo: '2025-03-01T10:00:00.000Z',
  ValidState: 1,
  Request: null,
  ...more,
});

export const latestRow = (Id: number, more: Partial<TachoLatestRow> = {}): TachoLatestRow => ({
  ...fileRow(Id),
  FileId: 1000 + Id,
  ...more,
});

export const unknownPeriod = {
  TimeStampFrom: TACHO_UNKNOWN_PERIOD,
  TimeStampTo: TACHO_UNKNOWN_PERIOD,
};

/** Signed-in callers: a customer user with the feature, its viewer, a reseller user. */
export const TACHO_USER = authFixture({ Id: 3, Role: 'User', Features: ['Tacho Download'] });
export const TACHO_VIEWER = authFixture({ Id: 4, Role: 'Viewer', Features: ['Tacho Download'] });
export const TACHO_RESELLER = authFixture({
  Id: 5,
  Role: 'User',
  IsReseller: true,
  Customer: 'NordTrack Resellers',
  CustomerId: 2,
  Features: ['Tacho Download'],
});
export const NO_TACHO_USER: Auth = authFixture({ Id: 6, Role: 'User', Features: [] });

/** Answers of a list under `base` (`rtddata` or `rtddata/latest`): first page, count, customers. */
export function listHandlers(base: string, rows: readonly unknown[]) {
  return [
    http.get(apiUrl(`${base}/chunk/`), () => HttpResponse.json(rows)),
    http.get(apiUrl(`${base}/all/`), () => HttpResponse.json(rows.length)),
    http.get(apiUrl('customers/'), () =>
      HttpResponse.json([
        customerFixture(3, 'Atlas Freight'),
        customerFixture(4, 'Hansen Transport'),
      ]),
    ),
  ];
}
