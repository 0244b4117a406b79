import type {
  CustomerHistoryEntry,
  DeviceConfigurationGroup,
  DeviceCustomer,
} from '@shared/devices/devices';
import { callerCanWithoutFeatures } from '@server/auth/access';
import {
  CUSTOMER_NOT_FOUND,
  assertVisible,
  canSee,
  type CustomerScope,
} from '@server/auth/tenancy';
import type { Caller } from '@server/auth/tokens';
import type { DbOrTx } from '@server/db/client';
import { badRequest, forbidden, notFound } from '@server/errors/http-errors';
import { logDevicesChange, requireDeviceById } from '@server/modules/devices';
import {
  closeConnections,
  customerConnectionsOf,
  findCustomer,
  findGroup,
  lockDevices,
  moveToCustomer,
  setAssignment,
  type AssignedDevice,
} from './repository';

export const ONLY_RESELLERS =
  'Only resellers and admins may change the customer or configuration group of a device';

/**
 * Customer and configuration group of a device are set by resellers (spec 01 §5) and admins.
 * The routes of this module declare devices.assign already; the installation test's settings
 * reach these services under its own action, so the rule is checked here as well.
 */
export function assertMayAssign(caller: Caller): void {
  if (!callerCanWithoutFeatures(caller, 'devices.assign')) throw forbidden(ONLY_RESELLERS);
}

const idsOf = (rows: readonly AssignedDevice[]) => rows.map((r) => r.id);
const imeisOf = (rows: readonly AssignedDevice[]) => rows.map((r) => r.imei);

export function createDeviceAssignmentService(db: DbOrTx) {
  const groupOf = async (tx: DbOrTx, scope: CustomerScope, groupId: number) => {
    const group = await findGroup(tx, groupId);
    // A group of no customer is for everyone; otherwise it must be in the caller's scope.
    if (!group || (group.customerId !== null && !canSee(scope, group.customerId)))
      throw notFound('Configuration group not found');
    return group;
  };

  return {
    /**
     * Assigns the devices to the customer: the current connection of each device that changes
     * customer is closed and a new one opened. A configuration group of another customer is
     * cleared. Devices already with that customer are left alone. One transaction.
     */
    async assignCustomer(
      caller: Caller,
      scope: CustomerScope,
      customerId: number,
      imeis: readonly string[],
    ): Promise<DeviceCustomer[]> {
      const customer = await findCustomer(db, customerId);
      // Admins see every customer, so a missing one must be refused here, not by its foreign key.
      // A deactivated customer has left every selector: nothing moves to it.
      if (!customer || customer.deactivatedAt) throw notFound(CUSTOMER_NOT_FOUND);
      // Before the role check: another tenant's customer is 404 to everyone, like a missing one.
      assertVisible(scope, customer.id, CUSTOMER_NOT_FOUND);
      assertMayAssign(caller);
      const name = customer.name;
      return db.transaction(async (tx) => {
        const rows = await lockDevices(tx, scope, imeis);
        const moving = rows.filter((r) => r.customerId !== customerId);
        if (moving.length) {
          const now = new Date();
          await closeConnections(tx, idsOf(moving), now);
          await moveToCustomer(tx, idsOf(moving), customerId, now);
          await logDevicesChange(
            tx,
            caller,
            imeisOf(moving),
            `Customer set to '${name}'`,
            customerId,
          );
        }
        return rows.map((r) => ({ IMEI: r.imei, Customer: name, CustomerId: customerId }));
      });
    },

    /** Removes the devices from their customer and clears their configuration group. */
    async removeCustomer(
      caller: Caller,
      scope: CustomerScope,
      imeis: readonly string[],
    ): Promise<DeviceCustomer[]> {
      assertMayAssign(caller);
      return db.transaction(async (tx) => {
        const rows = await lockDevices(tx, scope, imeis);
        await closeConnections(tx, idsOf(rows), new Date());
        await setAssignment(tx, idsOf(rows), { customerId: null, configurationGroupId: null });
        await logDevicesChange(tx, caller, imeisOf(rows), 'Customer removed', null);
        return rows.map((r) => ({ IMEI: r.imei, Customer: null, CustomerId: null }));
      });
    },

    /** Sets the group; a customer's own group fits only that customer's devices (else 400). */
    async assignGroup(
      caller: Caller,
      scope: CustomerScope,
      groupId: number,
      imeis: readonly string[],
    ): Promise<DeviceConfigurationGroup[]> {
      return db.transaction(async (tx) => {
        // Before the role check: another tenant's group is 404 to everyone, like a missing one.
        const group = await groupOf(tx, scope, groupId);
        assertMayAssign(caller);
        const rows = await lockDevices(tx, scope, imeis);
        const misfits = rows.filter(
          (r) => group.customerId !== null && r.customerId !== group.customerId,
        );
        if (misfits.length) {
          throw badRequest({
            devices: `${group.name} belongs to another customer than ${imeisOf(misfits).join(', ')}`,
          });
        }
        await setAssignment(tx, idsOf(rows), { configurationGroupId: group.id });
        const what = `Configuration group set to '${group.name}'`;
        await logDevicesChange(tx, caller, imeisOf(rows), what, group.customerId);
        return rows.map((r) => ({
          IMEI: r.imei,
          ConfigurationGroup: group.name,
          ConfigurationGroupId: group.id,
        }));
      });
    },

    async removeGroup(
      caller: Caller,
      scope: CustomerScope,
      imeis: readonly string[],
    ): Promise<DeviceConfigurationGroup[]> {
      assertMayAssign(caller);
      return db.transaction(async (tx) => {
        const rows = await lockDevices(tx, scope, imeis);
        await setAssignment(tx, idsOf(rows), { configurationGroupId: null });
        await logDevicesChange(tx, caller, imeisOf(rows), 'Configuration group removed', null);
        return rows.map((r) => ({
          IMEI: r.imei,
          ConfigurationGroup: null,
          ConfigurationGroupId: null,
        }));
      });
    },

    /** The device's customers over time, newest first (admin only: it names other tenants). */
    async history(scope: CustomerScope, deviceId: number): Promise<CustomerHistoryEntry[]> {
      await requireDeviceById(db, scope, deviceId);
      const rows = await customerConnectionsOf(db, deviceId);
      return rows.map((r) => ({
        Customer: r.customer,
        CustomerId: r.customerId,
        Start: r.start.toISOString(),
        End: r.end ? r.end.toISOString() : null,
      }));
    },
  };
}
