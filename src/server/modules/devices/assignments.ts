import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type {
  CustomerHistoryEntry,
  DeviceConfigurationGroup,
  DeviceCustomer,
} from '../../../shared/devices';
import { callerCanWithoutFeatures } from '../../auth/access';
import {
  CUSTOMER_NOT_FOUND,
  assertVisible,
  canSee,
  scopeFilter,
  type CustomerScope,
} from '../../auth/tenancy';
import type { Caller } from '../../auth/tokens';
import type { DbOrTx } from '../../db/client';
import { configurationGroups, customerConnections, customers, devices } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../errors/http-errors';
import { logDevicesChange } from './change-log';
import { requireDeviceById } from './lookup';

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

/**
 * The listed devices in the caller's scope, read inside the transaction. One IMEI that is
 * missing or another tenant's fails the whole request with 404 before anything is written.
 */
async function lockDevices(tx: DbOrTx, scope: CustomerScope, imeis: readonly string[]) {
  const wanted = [...new Set(imeis)];
  const rows = await tx
    .select({
      id: devices.id,
      imei: devices.imei,
      customerId: devices.customerId,
      configurationGroupId: devices.configurationGroupId,
    })
    .from(devices)
    .where(and(inArray(devices.imei, wanted), scopeFilter(scope, devices.customerId)))
    .orderBy(asc(devices.id))
    .for('update');
  if (rows.length < wanted.length) {
    const found = new Set(rows.map((r) => r.imei));
    throw notFound(`Device(s) not found: ${wanted.filter((i) => !found.has(i)).join(', ')}`);
  }
  return rows;
}

/** Ends the devices' current customer connections (the history keeps them). */
async function closeConnections(tx: DbOrTx, deviceIds: number[], at: Date) {
  await tx
    .update(customerConnections)
    .set({ end: at })
    .where(and(inArray(customerConnections.deviceId, deviceIds), isNull(customerConnections.end)));
}

export function createDeviceAssignmentService(db: DbOrTx) {
  const groupOf = async (tx: DbOrTx, scope: CustomerScope, groupId: number) => {
    const [group] = await tx
      .select()
      .from(configurationGroups)
      .where(eq(configurationGroups.id, groupId));
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
      const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
      // Admins see every customer, so a missing one must be refused here, not by its foreign key.
      // A deactivated customer has left every selector: nothing moves to it.
      if (!customer || customer.deactivatedAt) throw notFound(CUSTOMER_NOT_FOUND);
      // Before the role check: another tenant's customer is 404 to everyone, like a missing one.
      assertVisible(scope, customer.id, CUSTOMER_NOT_FOUND);
      assertMayAssign(caller);
      const name = customer.name;
      return db.transaction(async (tx) => {
        const rows = await lockDevices(tx, scope, imeis);
        const moving = rows.filter((r) => r.customerId !== customerId).map((r) => r.id);
        if (moving.length) {
          const now = new Date();
          await closeConnections(tx, moving, now);
          await tx
            .insert(customerConnections)
            .values(moving.map((deviceId) => ({ deviceId, customerId, start: now })));
          // A group of another customer would leak that customer's configuration: clear it.
          const foreignGroups = sql`select ${configurationGroups.id} from ${configurationGroups}
            where ${configurationGroups.customerId} <> ${customerId}`;
          await tx
            .update(devices)
            .set({
              customerId,
              configurationGroupId: sql`case when ${devices.configurationGroupId} in (${foreignGroups})
                then null else ${devices.configurationGroupId} end`,
            })
            .where(inArray(devices.id, moving));
          const moved = rows.filter((r) => moving.includes(r.id)).map((r) => r.imei);
          await logDevicesChange(tx, caller, moved, `Customer set to '${name}'`, customerId);
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
        const ids = rows.map((r) => r.id);
        await closeConnections(tx, ids, new Date());
        await tx
          .update(devices)
          .set({ customerId: null, configurationGroupId: null })
          .where(inArray(devices.id, ids));
        const imeisOf = rows.map((r) => r.imei);
        await logDevicesChange(tx, caller, imeisOf, 'Customer removed', null);
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
            devices: `${group.name} belongs to another customer than ${misfits.map((r) => r.imei).join(', ')}`,
          });
        }
        await tx
          .update(devices)
          .set({ configurationGroupId: group.id })
          .where(
            inArray(
              devices.id,
              rows.map((r) => r.id),
            ),
          );
        const what = `Configuration group set to '${group.name}'`;
        await logDevicesChange(
          tx,
          caller,
          rows.map((r) => r.imei),
          what,
          group.customerId,
        );
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
        await tx
          .update(devices)
          .set({ configurationGroupId: null })
          .where(
            inArray(
              devices.id,
              rows.map((r) => r.id),
            ),
          );
        const imeisOf = rows.map((r) => r.imei);
        await logDevicesChange(tx, caller, imeisOf, 'Configuration group removed', null);
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
      const rows = await db
        .select({
          customer: customers.name,
          customerId: customerConnections.customerId,
          start: customerConnections.start,
          end: customerConnections.end,
        })
        .from(customerConnections)
        .innerJoin(customers, eq(customers.id, customerConnections.customerId))
        .where(eq(customerConnections.deviceId, deviceId))
        .orderBy(desc(customerConnections.start), desc(customerConnections.id));
      return rows.map((r) => ({
        Customer: r.customer,
        CustomerId: r.customerId,
        Start: r.start.toISOString(),
        End: r.end ? r.end.toISOString() : null,
      }));
    },
  };
}
