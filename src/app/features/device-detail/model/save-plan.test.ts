import { describe, expect, it } from 'vitest';
import { configFixture, deviceFixture } from '@app/features/device-detail/test/device-fixture';
import { informationValues, planDeviceSave, type InformationValues } from './save-plan';

const device = deviceFixture({
  Id: 7,
  IMEI: '111',
  CustomerId: 5,
  ConfigurationGroupId: 1,
  Note: 'old note',
  Name: null,
  NewConfig: configFixture({ ProtocolCode: 'AAA', Firmware: '4.02.01' }),
});
const ref = { deviceId: 7, imei: '111' };
const plan = (changes: Partial<InformationValues>) =>
  planDeviceSave(device, { ...informationValues(device), ...changes });

describe('Device Save plan (spec 01 §4, 02 §4)', () => {
  it('plans nothing when nothing changed', () => {
    expect(plan({})).toEqual([]);
  });

  it('removes the group first, then the customer, when the customer is set to none', () => {
    expect(plan({ customerId: '', groupId: '' })).toEqual([
      { kind: 'group-remove', variables: ref },
      { kind: 'customer-remove', variables: ref },
    ]);
  });

  it('removes only the customer when the device had no group', () => {
    const noGroup = deviceFixture({ ...device, ConfigurationGroupId: null });
    expect(
      planDeviceSave(noGroup, { ...informationValues(noGroup), customerId: '' }).map((s) => s.kind),
    ).toEqual(['customer-remove']);
  });

  it('assigns a new customer before its new group', () => {
    expect(plan({ customerId: '6', groupId: '9' })).toEqual([
      { kind: 'customer-assign', variables: { ...ref, customerId: 6 } },
      { kind: 'group-assign', variables: { ...ref, groupId: 9 } },
    ]);
  });

  it("sets or removes a changed group ('--' means none)", () => {
    expect(plan({ groupId: '3' })).toEqual([
      { kind: 'group-assign', variables: { ...ref, groupId: 3 } },
    ]);
    expect(plan({ groupId: '' })).toEqual([{ kind: 'group-remove', variables: ref }]);
  });

  it('saves a changed note and a changed name each on their own', () => {
    expect(plan({ note: 'new note', name: ' Truck 12 ' })).toEqual([
      { kind: 'note', variables: { ...ref, note: 'new note' } },
      { kind: 'name', variables: { ...ref, name: 'Truck 12' } },
    ]);
    // Only surrounding blanks: not a change.
    expect(plan({ note: 'old note  ' })).toEqual([]);
  });

  it('compares with the values already queued, so a queued note is not saved twice', () => {
    const queued = { ...informationValues(device), note: 'queued note' };
    expect(planDeviceSave(device, queued, queued)).toEqual([]);
    expect(planDeviceSave(device, { ...queued, note: 'newer' }, queued)).toEqual([
      { kind: 'note', variables: { ...ref, note: 'newer' } },
    ]);
  });

  it('sends changed protocol code and firmware as one settings list', () => {
    expect(plan({ protocolCode: 'BBB', firmware: '4.03.00' })).toEqual([
      {
        kind: 'settings',
        variables: {
          ...ref,
          settings: [
            { SettingName: 'ProtocolCode', Value: 'BBB' },
            { SettingName: 'Firmware', Value: '4.03.00' },
          ],
        },
      },
    ]);
  });
});
