import { desc, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DeviceLinkReply } from '@shared/devices/device-link';
import type { DeviceDetail } from '@shared/devices/devices';
import { TACHO_COMMANDS, TACHO_KINDS } from '@shared/tacho/tacho';
import { CARD_NUMBER_MESSAGE } from '@shared/tacho/tacho-requests';
import { selectRows } from '@server/db/client';
import { logs, modemRequests, tachoRequests } from '@server/db/schema';
import { deviceOf, RESELLER, useApiContext, USER, VIEWER, writeSnapshot } from '@server/test/api';
import { post } from '@server/test/device-link';
import { addDownload, clearTacho, daysBefore } from '@server/test/tacho-downloads';
import { CARD_NOT_FOUND } from './service';

const api = useApiContext();
const { call } = api;
/** A User of Blue Line Buses, a customer without the 'Tacho Download' feature. */
const NO_FEATURE = 'fleet@bluelinebuses.example';
const CARD = 'NL00000012345678';

const requestsOf = (deviceId: number) =>
  api.ctx.database.db
    .select()
    .from(tachoRequests)
    .where(eq(tachoRequests.deviceId, deviceId))
    .orderBy(desc(tachoRequests.id));
const modemRequest = async (id: number | null) =>
  (
    await api.ctx.database.db
      .select()
      .from(modemRequests)
      .where(eq(modemRequests.id, id ?? 0))
  )[0];
const lastLog = async () =>
  (await api.ctx.database.db.select().from(logs).orderBy(desc(logs.id)).limit(1))[0];

beforeEach(() => clearTacho(api.ctx.database.db));

describe('POST rtddata/requestMassDownload/{imei}', () => {
  it('queues the download (201) and answers the toast; a second press finds it open (200)', async () => {
    const device = await deviceOf(api.ctx, 'Atlas Freight', 3);
    await addDownload(api.ctx.database.db, {
      deviceId: device.id,
      kind: TACHO_KINDS.vehicle,
      subject: 'AB-123-C',
      periodTo: daysBefore(new Date(), 20),
    });
    const first = await call(USER, 'POST', `rtddata/requestMassDownload/${device.imei}`);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.json()).toBe(
      `Remote download requested for vehicle AB-123-C (IMEI ${device.imei})`,
    );
    const [row] = await requestsOf(device.id);
    expect(row).toMatchObject({ kind: 1, cardNumber: null, received: null });
    expect(row?.requestedBy).toMatch(/^user:\d+$/);
    expect(await modemRequest(row?.modemRequestId ?? null)).toMatchObject({
      command: TACHO_COMMANDS.massMemory,
      commandType: 20,
      executed: null,
    });
    expect((await lastLog())?.message).toMatch(
      new RegExp(`^Remote download of vehicle unit requested on device ${device.imei} by user`),
    );

    const before = await writeSnapshot(api.ctx);
    // Not a success to celebrate: 200 and a text that says nothing was asked again.
    const again = await call(USER, 'POST', `rtddata/requestMassDownload/${device.imei}`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatch(
      new RegExp(
        `^Remote download for vehicle AB-123-C \\(IMEI ${device.imei}\\) was already requested on ` +
          '\\d\\d-\\d\\d-\\d{4} \\d\\d:\\d\\d UTC and is still waiting for the file: not requested again$',
      ),
    );
    expect(await writeSnapshot(api.ctx)).toEqual(before);
    expect(await requestsOf(device.id)).toHaveLength(1);
    expect((await lastLog())?.message).toContain(`request ${row?.id} is still open`);
  });

  it('asks anew once the open request is answered, or older than a day', async () => {
    const device = await deviceOf(api.ctx, 'Atlas Freight', 4);
    const path = `rtddata/requestMassDownload/${device.imei}`;
    expect((await call(USER, 'POST', path)).json()).toMatch(/^Remote download requested for /);
    await api.ctx.database.db.update(tachoRequests).set({ received: new Date() });
    expect((await call(USER, 'POST', path)).json()).toMatch(/^Remote download requested for /);
    await api.ctx.database.db.update(tachoRequests).set({ created: daysBefore(new Date(), 1.01) });
    expect((await call(USER, 'POST', path)).json()).toMatch(/^Remote download requested for /);
    expect(await requestsOf(device.id)).toHaveLength(3);
  });

  it('answers 404 for another tenant’s or a missing device, 403 to Viewers and without the feature', async () => {
    const before = await writeSnapshot(api.ctx);
    const hansen = await deviceOf(api.ctx, 'Hansen Transport');
    const atlas = await deviceOf(api.ctx, 'Atlas Freight');
    const blue = await deviceOf(api.ctx, 'Blue Line Buses');
    const status = async (email: string, imei: string) =>
      (await call(email, 'POST', `rtddata/requestMassDownload/${imei}`)).statusCode;
    expect(await status(USER, hansen.imei)).toBe(404);
    expect(await status(USER, '999999999999999')).toBe(404);
    expect(await status(VIEWER, atlas.imei)).toBe(403);
    expect(await status(NO_FEATURE, blue.imei)).toBe(403);
    expect(await status(USER, 'abc')).toBe(400);
    expect(await writeSnapshot(api.ctx)).toEqual(before);
    // The reseller's tree holds Hansen Transport.
    expect(await status(RESELLER, hansen.imei)).toBe(201);
  });

  it('replays an answer, with its status, for the same Idempotency-Key without asking again', async () => {
    const device = await deviceOf(api.ctx, 'Atlas Freight', 5);
    const send = async (key: string) =>
      api.ctx.app.inject({
        method: 'POST',
        url: `/api/rtddata/requestMassDownload/${device.imei}`,
        headers: { ...(await api.ctx.authHeader(USER)), 'idempotency-key': key },
      });
    const first = await send('tacho-once');
    expect(first.statusCode).toBe(201);
    const replay = await send('tacho-once');
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toBe(first.json());
    expect(replay.headers['idempotent-replayed']).toBe('true');
    // A second press (its own key) finds the request open; its replay still says so (200).
    const open = await send('tacho-twice');
    expect(open.statusCode).toBe(200);
    const openReplay = await send('tacho-twice');
    expect(openReplay.statusCode).toBe(200);
    expect(openReplay.json()).toBe(open.json());
    expect(openReplay.headers['idempotent-replayed']).toBe('true');
    expect(await requestsOf(device.id)).toHaveLength(1);
  });
});

describe('POST rtddata/requestCardDownload/{cardNumber}', () => {
  it('asks the device that last read the card, in the caller’s tenancy', async () => {
    const db = api.ctx.database.db;
    const older = await deviceOf(api.ctx, 'Atlas Freight', 6);
    const latest = await deviceOf(api.ctx, 'Atlas Freight', 7);
    const card = { kind: TACHO_KINDS.driver, subject: 'Jan de Vries', cardNumber: CARD } as const;
    await addDownload(db, { ...card, deviceId: older.id, periodTo: daysBefore(new Date(), 9) });
    await addDownload(db, { ...card, deviceId: latest.id, periodTo: daysBefore(new Date(), 2) });

    // Lower case is the same card.
    const answer = await call(USER, 'POST', `rtddata/requestCardDownload/${CARD.toLowerCase()}`);
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toBe(
      `Remote download requested of driver card ${CARD} (IMEI ${latest.imei})`,
    );
    const [row] = await requestsOf(latest.id);
    expect(row).toMatchObject({ kind: 2, cardNumber: CARD });
    expect((await modemRequest(row?.modemRequestId ?? null))?.command).toBe(
      TACHO_COMMANDS.driverCard(CARD),
    );
    expect(await requestsOf(older.id)).toHaveLength(0);
    const again = await call(USER, 'POST', `rtddata/requestCardDownload/${CARD}`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatch(/^Remote download of driver card .+ not requested again$/);
    expect(await requestsOf(latest.id)).toHaveLength(1);
  });

  it('400 for a malformed card, 404 for an unknown card or another tenant’s', async () => {
    const hansen = await deviceOf(api.ctx, 'Hansen Transport', 2);
    await addDownload(api.ctx.database.db, {
      deviceId: hansen.id,
      kind: TACHO_KINDS.driver,
      subject: 'Lena Hansen',
      cardNumber: 'DE00000087654321',
      periodTo: daysBefore(new Date(), 3),
    });
    const before = await writeSnapshot(api.ctx);
    const card = (email: string, number: string) =>
      call(email, 'POST', `rtddata/requestCardDownload/${encodeURIComponent(number)}`);
    for (const bad of ['12', 'NL0000001234567890', 'NL000000-1234567', ' ']) {
      const answer = await card(USER, bad);
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.json()).toEqual({ errors: { cardNumber: CARD_NUMBER_MESSAGE } });
    }
    const unknown = await card(USER, 'NL99999999999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: CARD_NOT_FOUND });
    expect((await card(USER, 'DE00000087654321')).statusCode).toBe(404);
    expect((await card(VIEWER, 'DE00000087654321')).statusCode).toBe(403);
    expect(await writeSnapshot(api.ctx)).toEqual(before);
    expect((await card(RESELLER, 'DE00000087654321')).statusCode).toBe(201);
  });
});

describe('progress through the device link', () => {
  it('requested → sent when the device acknowledges the modem request → received', async () => {
    const device = await deviceOf(api.ctx, 'Atlas Freight', 8);
    const progress = async () =>
      (await call(USER, 'GET', `devices/${device.id}`)).json<DeviceDetail>().Tacho.Request
        ?.Progress;
    expect(await progress()).toBeUndefined();
    await call(USER, 'POST', `rtddata/requestMassDownload/${device.imei}`);
    expect(await progress()).toBe('requested');
    const [row] = await requestsOf(device.id);
    const modemId = row?.modemRequestId ?? 0;

    const poll = await post(api.ctx, { IMEI: device.imei });
    expect(poll.statusCode).toBe(200);
    expect(poll.json<DeviceLinkReply>().Requests).toContainEqual({
      Id: modemId,
      Command: TACHO_COMMANDS.massMemory,
      CommandType: 20,
    });
    expect(await progress()).toBe('requested');
    const ack = await post(api.ctx, { IMEI: device.imei, Ack: { Requests: [modemId] } });
    expect(ack.json<DeviceLinkReply>().Requests).not.toContainEqual(
      expect.objectContaining({ Id: modemId }),
    );
    expect((await modemRequest(modemId))?.executed).toBeInstanceOf(Date);
    expect(await progress()).toBe('sent');

    // The upload (another module) marks the request received with its file.
    const fileId = await addDownload(api.ctx.database.db, {
      deviceId: device.id,
      kind: TACHO_KINDS.vehicle,
      subject: 'XY-987-Z',
      periodTo: new Date(),
    });
    await api.ctx.database.db.execute(
      sql`update tacho_requests set received = now(), file_id = ${fileId} where id = ${row?.id ?? 0}`,
    );
    const detail = (await call(USER, 'GET', `devices/${device.id}`)).json<DeviceDetail>();
    expect(detail.Tacho.Request?.Progress).toBe('received');
    expect(detail.Tacho.Latest).toMatchObject({ FileId: fileId, LicensePlate: 'XY-987-Z' });
  });
});

it('keeps the open-request check per device and data (a card request does not reuse a VU one)', async () => {
  const device = await deviceOf(api.ctx, 'Atlas Freight', 9);
  await addDownload(api.ctx.database.db, {
    deviceId: device.id,
    kind: TACHO_KINDS.driver,
    subject: 'Piet Jansen',
    cardNumber: CARD,
    periodTo: daysBefore(new Date(), 1),
  });
  await call(USER, 'POST', `rtddata/requestMassDownload/${device.imei}`);
  const card = await call(USER, 'POST', `rtddata/requestCardDownload/${CARD}`);
  expect(card.json()).toMatch(/^Remote download requested of driver card/);
  const rows = await selectRows<{ kind: number }>(
    api.ctx.database.db,
    sql`select kind from tacho_requests where device_id = ${device.id} order by id`,
  );
  expect(rows.map((r) => r.kind)).toEqual([1, 2]);
});
