import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TACHO_KINDS } from '@shared/tacho/tacho';
import { authServers, companyCards, tachoRequests } from '@server/db/schema';
import { customerId, deviceOf } from '@server/test/api';
import { createTestContext } from '@server/test/harness';
import { addDownload, clearTacho, daysBefore } from '@server/test/tacho-downloads';

const { vehicle } = TACHO_KINDS;

describe('startTachoScheduler, as the app starts it', () => {
  it('runs every TACHO_SCHEDULER_INTERVAL_MS and stops with the app', async () => {
    const started = await createTestContext({ tachoSchedulerIntervalMs: 50 });
    try {
      const sdb = started.database.db;
      const atlasId = await customerId(started, 'Atlas Freight');
      await sdb.delete(companyCards).where(eq(companyCards.customerId, atlasId));
      const server = await sdb
        .insert(authServers)
        .values({ customerId: atlasId, name: 'RDL', ip: '203.0.113.9', devicePort: 1, port: 2 })
        .returning({ id: authServers.id });
      await sdb.insert(companyCards).values({
        customerId: atlasId,
        authServerId: server[0]?.id ?? 0,
        cardNumber: 'C000000000000009',
        companyName: 'Atlas Freight',
        validUntil: new Date(Date.now() + 86_400_000),
      });
      const target = await deviceOf(started, 'Atlas Freight', 11);
      await clearTacho(sdb);
      await addDownload(sdb, {
        deviceId: target.id,
        kind: vehicle,
        subject: 'SCHED-1',
        periodTo: daysBefore(new Date(), 89),
      });
      await started.app.ready();
      const deadline = Date.now() + 10_000;
      let rows: { requestedBy: string }[] = [];
      while (rows.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        rows = await sdb
          .select({ requestedBy: tachoRequests.requestedBy })
          .from(tachoRequests)
          .where(eq(tachoRequests.deviceId, target.id));
      }
      expect(rows).toEqual([{ requestedBy: 'scheduler' }]);
    } finally {
      await started.close();
    }
  });
});
