import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_LINK_PATH } from '@shared/devices/device-link';
import type { DeviceTestRun } from '@shared/devices/test-runs';
import { outputCommand } from '@shared/devices/test-items';
import { createSimulator } from '@server/simulator/simulator';
import { apiCaller, USER } from '@server/test/api';
import { createTestContext, listenOnLoopback, type TestContext } from '@server/test/harness';
import { configureDevice, deviceWithTestSettings, until } from '@server/test/device-tests';

let ctx: TestContext;
let baseUrl: string;
let call: ReturnType<typeof apiCaller>;
beforeAll(async () => {
  ctx = await createTestContext();
  call = apiCaller(ctx);
  baseUrl = `http://127.0.0.1:${String(await listenOnLoopback(ctx.app))}`;
});
afterAll(() => ctx.close());

describe('a test shaped by the configuration, with the simulator', () => {
  it('switches a Remote Command output from the test and asks whether it followed', async () => {
    const { imei } = await deviceWithTestSettings(ctx, USER, 'Atlas Freight', 8);
    await configureDevice(ctx, imei, { ProtocolCode: 'FMSGEN0008', output2Behaviour: '2' });
    const key = crypto.randomUUID();
    await call(USER, 'GET', `devicetestsettings/setactive/${imei}?run=${key}`);
    const item = async (name: string) =>
      (await call(USER, 'GET', `devicetests/runs/${key}`))
        .json<DeviceTestRun>()
        .Items.find((i) => i.key === name);
    const simulator = createSimulator({
      url: `${baseUrl}${DEVICE_LINK_PATH}`,
      devices: [{ imei, credential: ctx.deviceCredentials.get(imei) ?? '' }],
      intervalMs: 50,
      seed: 8,
    });
    simulator.start();
    try {
      await until(async () => (await item('can'))?.state === 1, 10_000);
      expect((await item('output2'))?.value).toBe('OFF: switch it from this page');
      // The page's switch: a modem request the device executes and reports in its next message.
      const request = await call(USER, 'POST', `devices/modemrequests/${imei}`, {
        Command: outputCommand(2, true),
      });
      expect(request.statusCode).toBe(200);
      await until(async () => (await item('output2'))?.state === 4, 10_000);
      expect(await item('output2')).toMatchObject({ value: 'ON', title: 'Output 2' });
    } finally {
      await simulator.stop();
    }
  });
});
