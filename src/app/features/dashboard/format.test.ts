import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDay,
  formatLastMessage,
  formatMessageAge,
  hasMessageData,
} from './format';

describe('dashboard formats (spec 01 §2.5, §9)', () => {
  it("formats the last message as 'DD-MM-YYYY HH:mm:ss' or 'None'", () => {
    // No zone suffix: read as local time, so the test holds in every TZ.
    expect(formatLastMessage('2026-03-04T05:06:07')).toBe('04-03-2026 05:06:07');
    expect(formatLastMessage(null)).toBe('None');
  });

  it("gives the age as relative time or 'None'", () => {
    const now = new Date('2026-03-04T05:16:07').getTime();
    expect(formatMessageAge('2026-03-04T05:06:07', now)).toBe('10 minutes ago');
    expect(formatMessageAge('2026-03-01T05:06:07', now)).toBe('3 days ago');
    expect(formatMessageAge(null, now)).toBe('None');
  });

  it("formats chart days as 'Do MMMM YYYY' without shifting the date", () => {
    expect(formatDay('2026-11-01')).toBe('1st November 2026');
    expect(formatDay('2026-11-22')).toBe('22nd November 2026');
    expect(formatDay('2026-11-13')).toBe('13th November 2026');
  });

  it('knows when there is nothing to chart', () => {
    expect(hasMessageData([])).toBe(false);
    expect(hasMessageData([{ Date: '2026-11-01', Total: 0 }])).toBe(false);
    expect(
      hasMessageData([
        { Date: '2026-11-01', Total: 0 },
        { Date: '2026-11-02', Total: 3 },
      ]),
    ).toBe(true);
  });

  it('groups thousands', () => {
    expect(formatCount(14476)).toBe('14,476');
  });
});
