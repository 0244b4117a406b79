import type { ModemRequest, ModemRequestUpdate } from '@shared/devices/devices';
import type { CustomerScope } from '@server/auth/tenancy';
import type { Caller } from '@server/auth/tokens';
import type { DbOrTx } from '@server/db/client';
import { badRequest, notFound } from '@server/errors/http-errors';
import { isoOrNull, logDeviceChange, requireDeviceByImei } from '@server/modules/devices';
import {
  deleteRequest,
  findRequestInScope,
  insertRequest,
  listRequestsOfDevice,
  updatePendingRequest,
  type ModemRequestRow,
} from './repository';

export const EXECUTED_REQUEST = 'An executed request cannot be changed';

const toModemRequest = (r: ModemRequestRow): ModemRequest => ({
  Id: r.id,
  IMEI: r.imei,
  Command: r.command,
  CommandType: r.commandType,
  Created: r.created.toISOString(),
  Executed: isoOrNull(r.executed),
});

/**
 * Modem commands queued for a device (CommandType always 20); executed ones are final. Writes
 * run in the route's transaction (withIdempotency) with their log entry, which names the request
 * and never its command (a command may carry an APN password).
 */
export function createModemRequestService(db: DbOrTx) {
  /** The request with this id on a device in the scope (404 otherwise). */
  const requireRequest = async (scope: CustomerScope, id: number) => {
    const row = await findRequestInScope(db, scope, id);
    if (!row) throw notFound('Modem request not found');
    return row;
  };

  return {
    async list(scope: CustomerScope, imei: string): Promise<ModemRequest[]> {
      const device = await requireDeviceByImei(db, scope, imei);
      return (await listRequestsOfDevice(db, device.id)).map(toModemRequest);
    },

    async create(
      caller: Caller,
      scope: CustomerScope,
      imei: string,
      input: { Command: string; CommandType: number },
    ): Promise<ModemRequest> {
      const device = await requireDeviceByImei(db, scope, imei);
      const id = await insertRequest(db, device.id, input.Command, input.CommandType);
      await logDeviceChange(db, caller, device, `modem request ${id} created`);
      return toModemRequest(await requireRequest(scope, id ?? 0));
    },

    async update(
      caller: Caller,
      scope: CustomerScope,
      imei: string,
      input: ModemRequestUpdate,
    ): Promise<ModemRequest> {
      const device = await requireDeviceByImei(db, scope, imei);
      if (input.IMEI !== undefined && input.IMEI !== device.imei)
        throw badRequest({ IMEI: 'IMEI does not match the device of the path' });
      const existing = await requireRequest(scope, input.Id);
      if (existing.imei !== device.imei) throw notFound('Modem request not found');
      // Checked again in the update itself so a request executed meanwhile is not changed.
      if (!(await updatePendingRequest(db, input.Id, input.Command, input.CommandType)))
        throw badRequest({ Executed: EXECUTED_REQUEST });
      await logDeviceChange(db, caller, device, `modem request ${input.Id} changed`);
      return toModemRequest(await requireRequest(scope, input.Id));
    },

    async remove(caller: Caller, scope: CustomerScope, id: number): Promise<ModemRequest> {
      const existing = await requireRequest(scope, id);
      const device = await requireDeviceByImei(db, scope, existing.imei);
      await deleteRequest(db, id);
      await logDeviceChange(db, caller, device, `modem request ${id} removed`);
      return toModemRequest(existing);
    },
  };
}
