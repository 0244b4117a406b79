import { describe, expect, it } from 'vitest';
import { TACHO_UNKNOWN_PERIOD } from '@shared/tacho/tacho';
import type { DeviceTacho } from '@shared/tacho/tacho-requests';
import { tachoFacts } from './tacho-facts';

const NOW = Date.parse('2025-06-15T12:00:00.000Z');
const DAY_MS = 86_400_000;

const latest = (periodTo: string, ValidState = 1): DeviceTacho['Latest'] => ({
  FileId: 7,
  LicensePlate: 'AB-123-C',
  Uploaded: '2025-06-01T08:30:00.000Z',
  PeriodTo: periodTo,
  ValidState,
});
const facts = (tacho: DeviceTacho) =>
  Object.fromEntries(tachoFacts(tacho, NOW).map((f) => [f.label, [f.value, f.tone]]));

describe('tachoFacts', () => {
  it('no download: No Download as a warning, and no request yet', () => {
    expect(facts({ Latest: null, Request: null })).toEqual({
      'Last download': ['No Download', 'warning'],
      'Remote download': ['None requested', 'muted'],
    });
  });

  it('days left from the data end (90 days), the next RDL 28 days after it', () => {
    const periodTo = new Date(NOW - 80 * DAY_MS).toISOString();
    const shown = facts({ Latest: latest(periodTo), Request: null });
    expect(shown['Days left']).toEqual(['10', 'ok']);
    expect(shown['Licence plate']).toEqual(['AB-123-C', 'muted']);
    // 80 days ago + 28 days: 52 days ago, so past (red).
    expect(shown['Next RDL']).toEqual(['24-04-2025', 'danger']);
    expect(shown['Last download']?.[1]).toBe('muted');
  });

  it('overdue is negative and red; the unknown period is Unknown', () => {
    const overdue = new Date(NOW - 100 * DAY_MS).toISOString();
    expect(facts({ Latest: latest(overdue), Request: null })['Days left']).toEqual([
      '-10',
      'danger',
    ]);
    const unknown = facts({ Latest: latest(TACHO_UNKNOWN_PERIOD, 44), Request: null });
    expect(unknown['Days left']).toEqual(['Unknown', 'warning']);
    expect(unknown['Next RDL']).toEqual(['Unknown', 'muted']);
    // A file that is not ok is marked on its download.
    expect(unknown['Last download']?.[1]).toBe('warning');
  });

  it('names the request’s progress and who asked', () => {
    const shown = facts({
      Latest: null,
      Request: {
        Id: 3,
        Progress: 'sent',
        Created: '2025-06-15T09:05:00.000Z',
        RequestedBy: 'scheduler',
      },
    });
    expect(shown['Remote download']?.[0]).toMatch(
      /^Sent to the device · 15-06-2025 \d\d:05 \(scheduler\)$/,
    );
  });
});
