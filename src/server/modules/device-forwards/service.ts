import {
  MESSAGE_TYPES,
  NO_FORWARD_PROTOCOL,
  type DeviceForward,
  type DeviceForwardInput,
  type MessageTypeName,
} from '@shared/forwards/forwards';
import { canSee, type CustomerScope } from '@server/auth/tenancy';
import type { Caller } from '@server/auth/tokens';
import type { DbOrTx } from '@server/db/client';
import { badRequest, notFound } from '@server/errors/http-errors';
import { logDeviceChange, requireDeviceByImei } from '@server/modules/devices';
import { shownSecret } from '@server/modules/forwards';
import {
  assignedForwardsOf,
  deleteAssignment,
  findAssignmentInScope,
  findForward,
  forwardCarries,
  listMessageTypes,
  upsertAssignment,
} from './repository';

export const FORWARD_OF_OTHER_CUSTOMER = 'This forward belongs to another customer';
export const forwardLacksType = (type: string) => `This forward does not carry ${type} messages`;

type Slot = Pick<DeviceForward, 'MessageType' | 'MessageTypeId'>;

const emptySlot = (imei: string, slot: Slot): DeviceForward => ({
  Id: 0,
  IMEI: imei,
  ...slot,
  ForwardId: null,
  Protocol: NO_FORWARD_PROTOCOL,
  Name: null,
  IP: null,
  Port: null,
  Username: null,
  Password: null,
  API_KEY: null,
  Authorization: null,
  Status: null,
});

async function messageTypeSlots(db: DbOrTx): Promise<Slot[]> {
  const rows = await listMessageTypes(db);
  return MESSAGE_TYPES.map((name) => ({
    MessageType: name,
    MessageTypeId: rows.find((r) => r.name === name)?.id ?? 0,
  }));
}

/**
 * A device's forward per message type: always the four slots TD, RT, TC, TL. Forward secrets
 * are shown as the caller may see them (masked, or null for Viewers).
 */
export function createDeviceForwardService(db: DbOrTx, caller: Caller) {
  const slotsOf = async (deviceId: number, imei: string): Promise<DeviceForward[]> => {
    const [slots, assigned] = await Promise.all([
      messageTypeSlots(db),
      assignedForwardsOf(db, deviceId),
    ]);
    return slots.map((slot) => {
      const row = assigned.find((a) => a.messageTypeId === slot.MessageTypeId);
      if (!row) return emptySlot(imei, slot);
      const f = row.forward;
      return {
        Id: row.id,
        IMEI: imei,
        ...slot,
        ForwardId: f.id,
        Protocol: row.protocol ?? NO_FORWARD_PROTOCOL,
        Name: f.name,
        IP: f.ip,
        Port: f.port,
        Username: f.username,
        Password: shownSecret(f.password, caller),
        API_KEY: shownSecret(f.apiKey, caller),
        Authorization: shownSecret(f.auth, caller),
        Status: f.status,
      };
    });
  };

  const slotOf = async (deviceId: number, imei: string, type: MessageTypeName) => {
    const slot = (await slotsOf(deviceId, imei)).find((s) => s.MessageType === type);
    if (!slot) throw notFound('Message type not found');
    return slot;
  };

  return {
    async list(scope: CustomerScope, imei: string): Promise<DeviceForward[]> {
      const device = await requireDeviceByImei(db, scope, imei);
      return slotsOf(device.id, device.imei);
    },

    /**
     * Points the device's slot of that message type at the forward (creating or replacing the
     * assignment, so a replayed offline save does no harm). The forward must be visible, belong
     * to the device's customer (or none) and carry that message type.
     */
    async assign(scope: CustomerScope, input: DeviceForwardInput): Promise<DeviceForward> {
      const device = await requireDeviceByImei(db, scope, input.IMEI);
      const forward = await findForward(db, input.ForwardId);
      if (!forward || (forward.customerId !== null && !canSee(scope, forward.customerId)))
        throw notFound('Forward not found');
      if (forward.customerId !== null && forward.customerId !== device.customerId)
        throw badRequest({ ForwardId: FORWARD_OF_OTHER_CUSTOMER });
      const slot = (await messageTypeSlots(db)).find((s) => s.MessageType === input.MessageType);
      const messageTypeId = slot?.MessageTypeId ?? 0;
      if (!(await forwardCarries(db, forward.id, messageTypeId)))
        throw badRequest({ ForwardId: forwardLacksType(input.MessageType) });
      await upsertAssignment(db, device.id, messageTypeId, forward.id);
      const what = `${input.MessageType} forward set to '${forward.name}'`;
      await logDeviceChange(db, caller, device, what);
      return slotOf(device.id, device.imei, input.MessageType);
    },

    /** Resets the assignment's slot to 'non' and answers the empty slot. */
    async remove(scope: CustomerScope, id: number): Promise<DeviceForward> {
      const row = await findAssignmentInScope(db, scope, id);
      if (!row) throw notFound('Forward assignment not found');
      await deleteAssignment(db, id);
      await logDeviceChange(db, caller, row, `${row.messageType} forward reset to 'non'`);
      return slotOf(row.deviceId, row.imei, row.messageType as MessageTypeName);
    },
  };
}
