import { describe, expect, it } from 'vitest';
import { deliveryDetails, deliverySummary, formatShortCount } from './delivery-summary';
import { healthFixture } from './test/health-fixtures';

describe('formatShortCount', () => {
  it('keeps counts whole below 1,000 and shortens the larger ones', () => {
    expect([0, 7, 999, 1_000, 1_520, 12_400, 100_000, 1_250_000].map(formatShortCount)).toEqual([
      '0',
      '7',
      '999',
      '1K',
      '1.5K',
      '12.4K',
      '100K',
      '1.3M',
    ]);
  });
});

describe('deliverySummary', () => {
  it('says how many wait and for how long while messages wait', () => {
    expect(deliverySummary(healthFixture(1, { Backlog: 12, LagSeconds: 250 }))).toEqual({
      activity: '12 waiting · lag 4 min',
      failed: null,
    });
    expect(
      deliverySummary(healthFixture(1, { Backlog: 100_000, BacklogCapped: true, LagSeconds: 2e5 }))
        .activity,
    ).toBe('100K+ waiting · lag 2 d');
    // Counted before the oldest one's age is known.
    expect(deliverySummary(healthFixture(1, { Backlog: 3 })).activity).toBe('3 waiting');
  });

  it('says how many were delivered in 24 h when nothing waits', () => {
    expect(deliverySummary(healthFixture(1, { Delivered24h: 1_520 })).activity).toBe(
      '1.5K in 24 h',
    );
    expect(deliverySummary(healthFixture(1, { Delivered24h: 640 })).activity).toBe('640 in 24 h');
    expect(deliverySummary(healthFixture(1)).activity).toBe('0 in 24 h');
  });

  it('counts the failed ones of 24 h apart, only when there are any', () => {
    expect(deliverySummary(healthFixture(1, { Failed24h: 3 })).failed).toBe('3 failed');
    expect(deliverySummary(healthFixture(1, { Failed24h: 12_345 })).failed).toBe('12.3K failed');
    expect(deliverySummary(healthFixture(1, { Failed24h: 0 })).failed).toBeNull();
  });
});

describe('deliveryDetails', () => {
  it('gives every count whole', () => {
    const health = healthFixture(1, {
      Backlog: 12_400,
      LagSeconds: 250,
      Delivered24h: 1_520,
      Failed24h: 3,
    });
    expect(deliveryDetails(health)).toBe(
      '12,400 waiting · lag 4 min · 1,520 delivered, 3 failed in 24 h',
    );
    expect(deliveryDetails(healthFixture(1))).toBe('0 waiting · 0 delivered, 0 failed in 24 h');
  });
});
