import { describe, expect, it } from 'vitest';
import { commonTarget, KEEP, planDeviceChange, stepToast, type PlannedDevice } from './change-plan';

const device = (IMEI: string, CustomerId: number | null, ConfigurationGroupId: number | null) =>
  ({ IMEI, CustomerId, ConfigurationGroupId }) satisfies PlannedDevice;

// Groups valid for customer 3: shared 1 ('Default') and its own 30.
const groupsOf3 = [{ Id: 1 }, { Id: 30 }];

describe('planDeviceChange (spec 02 §4 bulk Change Customer)', () => {
  it('assigns the customer only to devices whose customer differs', () => {
    const devices = [device('A', 3, 1), device('B', 4, 1), device('C', null, null)];
    expect(planDeviceChange(devices, { customerId: 3, groupId: KEEP }, groupsOf3)).toEqual([
      { kind: 'assignCustomer', customerId: 3, imeis: ['B', 'C'] },
    ]);
  });

  it("removes the customer ('--') only from devices that have one", () => {
    const devices = [device('A', 3, null), device('B', null, null)];
    expect(planDeviceChange(devices, { customerId: null, groupId: null }, [])).toEqual([
      { kind: 'removeCustomer', imeis: ['A'] },
    ]);
  });

  it('does not remove groups the customer removal already cleared', () => {
    const devices = [device('A', 3, 30), device('B', null, 1)];
    expect(planDeviceChange(devices, { customerId: null, groupId: null }, [])).toEqual([
      { kind: 'removeCustomer', imeis: ['A'] },
      // B keeps no customer but has a group: that one still goes.
      { kind: 'removeGroup', imeis: ['B'] },
    ]);
  });

  it('assigns the group after the customer, skipping devices that already have it', () => {
    const devices = [device('A', 3, 30), device('B', 4, 40), device('C', 4, 1)];
    expect(planDeviceChange(devices, { customerId: 3, groupId: 30 }, groupsOf3)).toEqual([
      { kind: 'assignCustomer', customerId: 3, imeis: ['B', 'C'] },
      { kind: 'assignGroup', groupId: 30, imeis: ['B', 'C'] },
    ]);
  });

  it("expects a move to clear another customer's group but keep a shared one", () => {
    // B's group 40 belongs to customer 4 and is cleared by the move; C's shared group stays.
    const devices = [device('B', 4, 40), device('C', 4, 1)];
    expect(planDeviceChange(devices, { customerId: 3, groupId: null }, groupsOf3)).toEqual([
      { kind: 'assignCustomer', customerId: 3, imeis: ['B', 'C'] },
      { kind: 'removeGroup', imeis: ['C'] },
    ]);
  });

  it('plans nothing when every device already matches', () => {
    const devices = [device('A', 3, 30), device('B', 3, 30)];
    expect(planDeviceChange(devices, { customerId: 3, groupId: 30 }, groupsOf3)).toEqual([]);
  });

  it('leaves a kept customer or group alone', () => {
    const devices = [device('A', 3, 30), device('B', 4, null)];
    expect(planDeviceChange(devices, { customerId: KEEP, groupId: KEEP }, [])).toEqual([]);
    expect(planDeviceChange(devices, { customerId: 3, groupId: KEEP }, groupsOf3)).toEqual([
      { kind: 'assignCustomer', customerId: 3, imeis: ['B'] },
    ]);
  });
});

describe('stepToast (spec 01 §8, 02 §8: texts exactly as given)', () => {
  it('words each step', () => {
    expect(stepToast({ kind: 'assignCustomer', customerId: 3, imeis: ['A', 'B'] })).toEqual({
      tone: 'success',
      message: '2 device(s) succesfully added to customer',
    });
    expect(stepToast({ kind: 'removeCustomer', imeis: ['A'] })).toEqual({
      tone: 'success',
      message: '1 device(s) succesfully removed from customer',
    });
    expect(stepToast({ kind: 'assignGroup', groupId: 1, imeis: ['A', 'B', 'C'] })).toEqual({
      tone: 'success',
      message: 'Configuration group for 3 device(s) successfully updated.',
    });
  });

  it('warns when the group is removed', () => {
    expect(stepToast({ kind: 'removeGroup', imeis: ['A'] })).toEqual({
      tone: 'warning',
      message: 'Configuration group for 1 device(s) successfully updated.',
    });
  });
});

describe('commonTarget (where the modal starts)', () => {
  it("starts from the devices' shared customer and group", () => {
    expect(commonTarget([device('A', 3, 30), device('B', 3, 30)])).toEqual({
      customerId: 3,
      groupId: 30,
    });
  });

  it('offers to keep what differs', () => {
    expect(commonTarget([device('A', 3, 30), device('B', 3, null)])).toEqual({
      customerId: 3,
      groupId: KEEP,
    });
    expect(commonTarget([device('A', 3, 1), device('B', 4, 1)])).toEqual({
      customerId: KEEP,
      groupId: KEEP,
    });
  });

  it("has no group without a customer ('--')", () => {
    expect(commonTarget([device('A', null, 1)])).toEqual({ customerId: null, groupId: null });
  });
});
