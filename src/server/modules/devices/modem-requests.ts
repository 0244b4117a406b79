import { and, desc, eq, isNull } from 'drizzle-orm';
import type { ModemRequest, ModemRequestUpdate } from '../../../shared/devices';
import { scopeFilter, type CustomerScope } from '../../auth/tenancy';
import type { Caller } from '../../auth/tokens';
import type { DbOrTx } from '../../db/client';
import { devices, modemRequests } from '../../db/schema';
import { badRequest, notFound } from '../../errors/http-errors';
import { logDeviceChange } from './change-log';
import { isoOrNull } from './device-dto';
import { requireDeviceByImei } from './lookup';

export const EXECUTED_REQUEST = 'An executed request cannot be changed';

const requestColumns = {
  id: modemRequests.id,
  imei: devices.imei,
  command: modemRequests.command,
  commandType: modemRequests.commandType,
  created: modemRequests.created,
  executed: modemRequests.executed,
};
interface RequestRow {
  id: number;
  imei: string;
  command: string;
  commandType: number;
  created: Date;
  executed: Date | null;
}

const toModemRequest = (r: RequestRow): ModemRequest => ({
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
  const select = () =>
    db
      .select(requestColumns)
      .from(modemRequests)
      .innerJoin(devices, eq(devices.id, modemRequests.deviceId));

  /** The request with this id on a device in the scope (404 otherwise). */
  const requireRequest = async (scope: CustomerScope, id: number) => {
    const [row] = await select().where(
      and(eq(modemRequests.id, id), scopeFilter(scope, devices.customerId)),
    );
    if (!row) throw notFound('Modem request not found');
    return row;
  };

  return {
    async list(scope: CustomerScope, imei: string): Promise<ModemRequest[]> {
      const device = await requireDeviceByImei(db, scope, imei);
      const rows = await select()
        .where(eq(modemRequests.deviceId, device.id))
        .orderBy(desc(modemRequests.created), desc(modemRequests.id));
      return rows.map(toModemRequest);
    },

    async create(
      caller: Caller,
      scope: CustomerScope,
      imei: string,
      input: { Command: string; CommandType: number },
    ): Promise<ModemRequest> {
      const device = await requireDeviceByImei(db, scope, imei);
      const [created] = await db
        .insert(modemRequests)
        .values({ deviceId: device.id, command: input.Command, commandType: input.CommandType })
        .returning({ id: modemRequests.id });
      await logDeviceChange(db, caller, device, `modem request ${created?.id} created`);
      return toModemRequest(await requireRequest(scope, created?.id ?? 0));
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
      const updated = await db
        .update(modemRequests)
        .set({ command: input.Command, commandType: input.CommandType })
        .where(and(eq(modemRequests.id, input.Id), isNull(modemRequests.executed)))
        .returning({ id: modemRequests.id });
      if (updated.length === 0) throw badRequest({ Executed: EXECUTED_REQUEST });
      await logDeviceChange(db, caller, device, `modem request ${input.Id} changed`);
      return toModemRequest(await requireRequest(scope, input.Id));
    },

    async remove(caller: Caller, scope: CustomerScope, id: number): Promise<ModemRequest> {
      const existing = await requireRequest(scope, id);
      const device = await requireDeviceByImei(db, scope, existing.imei);
      await db.delete(modemRequests).where(eq(modemRequests.id, id));
      await logDeviceChange(db, caller, device, `modem request ${id} removed`);
      return toModemRequest(existing);
    },
  };
}
