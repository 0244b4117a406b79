import { describe, expect, it } from 'vitest';
import type { LoginResponse } from '@shared/access/auth';
import type { ConfigurationGroup } from '@shared/customers/customers';
import type {
  DeviceConfigurationGroup,
  DeviceCustomer,
  DeviceDetail,
  DeviceSetting,
  ModemRequest,
} from '@shared/devices/devices';
import type { DeviceForward, Forward } from '@shared/forwards/forwards';
import { DEMO_PASSWORD } from '@server/seed/demo';
import { ADMIN, customerId, deviceOf, syncedDeviceOf, useApiContext, USER } from '@server/test/api';
import { accepted } from './support';

// Spec 01 §7 (and spec 02 §7 where it gives the body): each write with its payload as listed.
const api = useApiContext();
const { call } = api;
const ok = <T>(method: 'POST' | 'PUT' | 'GET', path: string, body?: unknown, email = USER) =>
  accepted<T>(call, email, method, path, body);
const detail = (id: number) => ok<DeviceDetail>('GET', `devices/${id}`);

describe('POST auth/login with Email, Password', () => {
  it('starts a session', async () => {
    const response = await api.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { Email: USER, Password: DEMO_PASSWORD },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<LoginResponse>().AccessToken).toEqual(expect.any(String));
  });
});

describe('devices/note/ and devices/name/ with { imei, note } and { imei, name }', () => {
  it.each(['POST', 'PUT'] as const)('%s saves the note and the name', async (method) => {
    const device = await deviceOf(api.ctx, 'Atlas Freight', method === 'POST' ? 4 : 5);
    await ok(method, 'devices/note/', {
      imei: device.imei,
      note: 'Installed behind the dashboard',
    });
    await ok(method, 'devices/name/', { imei: device.imei, name: `Truck ${method}` });
    expect(await detail(device.id)).toMatchObject({
      Note: 'Installed behind the dashboard',
      Name: `Truck ${method}`,
    });
  });
});

describe('devices/customerconnection and devices/configurationgroups with { devices: [IMEI] }', () => {
  it('assigns and removes the customer and the configuration group', async () => {
    const device = await deviceOf(api.ctx, null);
    const atlas = await customerId(api.ctx, 'Atlas Freight');
    const assigned = await ok<DeviceCustomer[]>(
      'POST',
      `devices/customerconnection/${atlas}`,
      { devices: [device.imei] },
      ADMIN,
    );
    expect(assigned).toEqual([expect.objectContaining({ IMEI: device.imei, CustomerId: atlas })]);
    const [group] = await ok<ConfigurationGroup[]>('GET', `configurationgroups/customer/${atlas}`);
    if (!group) throw new Error('no configuration group of Atlas Freight');
    const grouped = await ok<DeviceConfigurationGroup[]>(
      'POST',
      `devices/configurationgroups/${group.Id}`,
      { devices: [device.imei] },
      ADMIN,
    );
    expect(grouped).toEqual([
      expect.objectContaining({ IMEI: device.imei, ConfigurationGroupId: group.Id }),
    ]);
    await ok('PUT', 'devices/configurationgroups/', { devices: [device.imei] }, ADMIN);
    expect((await ok<DeviceDetail>('GET', `devices/${device.id}`)).ConfigurationGroupId).toBeNull();
    await ok('PUT', 'devices/customerconnection/', { devices: [device.imei] }, ADMIN);
    const removed = await ok<DeviceDetail>('GET', `devices/${device.id}`, undefined, ADMIN);
    expect(removed.CustomerId).toBeNull();
  });
});

describe('devices/modemrequests/{imei}', () => {
  it('creates with { Command, CommandType } and updates with { Id, IMEI, Command, CommandType }', async () => {
    const device = await deviceOf(api.ctx, 'Atlas Freight', 7);
    const created = await ok<ModemRequest>('POST', `devices/modemrequests/${device.imei}`, {
      Command: '$REQUEST,DD FF',
      CommandType: 20,
    });
    await ok('PUT', `devices/modemrequests/${device.imei}`, {
      Id: created.Id,
      IMEI: device.imei,
      Command: '$REQUEST,RT FF',
      CommandType: 20,
    });
    const [latest] = await ok<ModemRequest[]>('GET', `devices/modemrequests/${device.imei}`);
    expect(latest).toMatchObject({ Id: created.Id, Command: '$REQUEST,RT FF', CommandType: 20 });
  });
});

describe('devices/settings', () => {
  it('stores { SettingsList: [{ SettingName, Value }] } (POST and PUT by IMEI), edits { SettingName, Value } by id', async () => {
    const device = await syncedDeviceOf(api.ctx, 'Atlas Freight', 8);
    await ok('POST', `devices/settings/${device.imei}`, {
      SettingsList: [
        { SettingName: 'timedMessageInterval', Value: '60' },
        { SettingName: 'PTOEnabled', Value: '1' },
      ],
    });
    await ok('PUT', `devices/settings/${device.imei}`, {
      SettingsList: [{ SettingName: 'standbyMessageInterval', Value: '3600' }],
    });
    const pending = await ok<DeviceSetting[]>('GET', `devices/settings/${device.imei}`);
    const interval = pending.find((s) => s.SettingName === 'timedMessageInterval' && !s.Processed);
    if (!interval) throw new Error('the setting was not stored');
    await ok('PUT', `devices/settings/${interval.Id}`, {
      SettingName: 'timedMessageInterval',
      Value: '90',
    });
    const after = await ok<DeviceSetting[]>('GET', `devices/settings/${device.imei}`);
    expect(after.find((s) => s.Id === interval.Id)?.Value).toBe('90');
    expect(
      after.some((s) => s.SettingName === 'standbyMessageInterval' && s.Value === '3600'),
    ).toBe(true);
  });
});

describe('devices/forwards/ with the selected forward plus IMEI', () => {
  it('assigns (POST) and changes (PUT) the forward of a message type', async () => {
    const device = await deviceOf(api.ctx, 'Atlas Freight', 9);
    const atlas = await customerId(api.ctx, 'Atlas Freight');
    const choices = await ok<Forward[]>('GET', `forwards/customer/${atlas}`);
    const carrying = choices.filter((f) => f.MessageTypes.some((t) => t.MessageType === 'RT'));
    const [first, second = first] = carrying;
    if (!first || !second) throw new Error('no RT forward of Atlas Freight');
    const slots = await ok<DeviceForward[]>('GET', `devices/forwards/${device.imei}`);
    const slot = slots.find((s) => s.MessageType === 'RT');
    // Spec 01 §3's Forward: the chosen forward's fields, the slot's message type, and the IMEI.
    const selected = (forward: Forward) => ({
      Id: slot?.Id ?? 0,
      Name: forward.Name,
      IP: forward.IP,
      Port: forward.Port,
      Username: forward.Username,
      Password: forward.Password,
      API_KEY: forward.API_KEY,
      Authorization: forward.Auth,
      Status: forward.Status,
      Protocol: forward.Protocol,
      MessageTypes: forward.MessageTypes.map((t) => t.MessageType),
      MessageType: 'RT',
      ForwardId: forward.Id,
      IMEI: device.imei,
    });
    await ok('POST', 'devices/forwards/', selected(first));
    await ok('PUT', 'devices/forwards/', selected(second));
    const after = await ok<DeviceForward[]>('GET', `devices/forwards/${device.imei}`);
    expect(after.find((s) => s.MessageType === 'RT')?.ForwardId).toBe(second.Id);
  });
});
