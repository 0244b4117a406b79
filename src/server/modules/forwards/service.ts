import { and, eq } from 'drizzle-orm';
import { AZURE_IOT_HUB_PORT } from '@shared/forwards/forward-form';
import type {
  ForwardCreate,
  ForwardUpdate,
  IntegrationCreate,
  IntegrationUpdate,
} from '@shared/forwards/forward-form';
import {
  FORWARD_PROTOCOL_IDS,
  INTEGRATION_TYPES,
  MESSAGE_TYPE_IDS,
} from '@shared/forwards/forward-kinds';
import type { Forward } from '@shared/forwards/forwards';
import type { SecretBox } from '@server/auth/secret-box';
import { CUSTOMER_NOT_FOUND, canSee, type CustomerScope } from '@server/auth/tenancy';
import type { Caller } from '@server/auth/tokens';
import type { Db, DbOrTx } from '@server/db/client';
import { forwards } from '@server/db/schema';
import { badRequest, notFound } from '@server/errors/http-errors';
import { byCaller, writeOperatorLog } from '@server/operator-log/write';
import { sharedOrInScope } from '@server/modules/lookup-scope';
import { activeCustomerExists } from '@server/modules/customers';
import {
  carriedTypeIds,
  deleteForward,
  devicesUsing,
  findForward,
  insertForward,
  lockForward,
  updateForward,
  type ForwardValues,
  type StoredForward,
} from './repository';
import type { TargetChecker } from '@server/forwarding/targets';

export const FORWARD_NOT_FOUND = 'Forward not found';

const devices = (n: number) => `${String(n)} device${n === 1 ? '' : 's'}`;
export const usedElsewhere = (n: number) =>
  `${devices(n)} use${n === 1 ? 's' : ''} this forward: take it off ${n === 1 ? 'it' : 'them'} before changing its customer`;
export const typesInUse = (n: number, types: string) =>
  `${devices(n)} use${n === 1 ? 's' : ''} this forward for ${types}: take it off ${n === 1 ? 'it' : 'them'} first`;

const typeNames = (ids: readonly number[]) =>
  Object.entries(MESSAGE_TYPE_IDS)
    .filter(([, id]) => ids.includes(id))
    .map(([name]) => name)
    .join(', ');

/** What an update writes: the form's fields, secrets only when a new one was typed. */
type Kind = { integrationType: number; protocolId: number; messageTypeIds: number[] };

/** Forwards and Azure IoT hub integrations: create, update, remove (spec 02 §5, §7). */
export function createForwardService(db: Db, secrets: SecretBox, targets: TargetChecker) {
  /** A secret's column: undefined keeps the stored one, null is none, text is sealed. */
  const seal = (value: string | null | undefined) =>
    value === undefined || value === null ? value : secrets.seal(value);
  /** The columns of a plain forward's form; a secret not typed anew stays undefined (kept). */
  const formValues = (input: ForwardCreate | ForwardUpdate) => ({
    customerId: input.CustomerId,
    name: input.Name,
    ip: input.IP,
    port: input.Port,
    username: input.Username,
    password: seal(input.Password),
    apiKey: seal(input.API_KEY),
    auth: seal(input.Auth),
    status: input.Status,
  });

  /** The forward's customer must be an active one the caller sees (else 404, like a foreign id). */
  async function checkCustomer(tx: DbOrTx, scope: CustomerScope, customerId: number) {
    if (!canSee(scope, customerId) || !(await activeCustomerExists(tx, customerId)))
      throw notFound(CUSTOMER_NOT_FOUND);
  }

  /** Before the transaction: resolving a name may take a moment. */
  async function checkTarget(host: string, field: 'IP' | 'Hostname') {
    const refusal = await targets.refusal(host);
    if (refusal) throw badRequest({ [field]: refusal });
  }

  /** The stored forward, locked; a forward of no customer is the provider's (admins only). */
  async function lockWritable(tx: DbOrTx, scope: CustomerScope, id: number) {
    const current = await lockForward(tx, id);
    if (!current || !canSee(scope, current.customerId)) throw notFound(FORWARD_NOT_FOUND);
    return current;
  }

  async function reload(tx: DbOrTx, caller: Caller, id: number): Promise<Forward> {
    const forward = await findForward(tx, eq(forwards.id, id), caller);
    if (!forward) throw notFound(FORWARD_NOT_FOUND);
    return forward;
  }

  /**
   * Devices keep their slots only while the forward stays theirs: no change of customer while
   * devices use it, and no message type dropped that a device uses it for.
   */
  async function checkUse(tx: DbOrTx, current: StoredForward, customerId: number, kind: Kind) {
    if (customerId !== current.customerId) {
      const n = await devicesUsing(tx, current.id);
      if (n > 0) throw badRequest({ CustomerId: usedElsewhere(n) });
    }
    const dropped = (await carriedTypeIds(tx, current.id)).filter(
      (id) => !kind.messageTypeIds.includes(id),
    );
    if (dropped.length === 0) return;
    const n = await devicesUsing(tx, current.id, dropped);
    if (n > 0) throw badRequest({ MessageTypes: typesInUse(n, typeNames(dropped)) });
  }

  async function update(
    caller: Caller,
    scope: CustomerScope,
    id: number,
    values: Omit<ForwardValues, 'protocolId' | 'integrationType'>,
    kind: Kind,
    what: string,
  ): Promise<Forward> {
    return db.transaction(async (tx) => {
      const current = await lockWritable(tx, scope, id);
      const customerId = values.customerId ?? null;
      if (customerId !== null) await checkCustomer(tx, scope, customerId);
      await checkUse(tx, current, customerId ?? -1, kind);
      const { integrationType, protocolId, messageTypeIds } = kind;
      await updateForward(tx, id, { ...values, integrationType, protocolId }, messageTypeIds);
      await writeOperatorLog(tx, {
        level: 'Information',
        message: `${what} '${values.name}' updated ${byCaller(caller)}`,
        customerId,
      });
      return reload(tx, caller, id);
    });
  }

  return {
    async get(caller: Caller, scope: CustomerScope, id: number): Promise<Forward> {
      const where = and(eq(forwards.id, id), sharedOrInScope(scope, forwards.customerId));
      const forward = await findForward(db, where, caller);
      if (!forward) throw notFound(FORWARD_NOT_FOUND);
      return forward;
    },

    /** One forward per protocol, each carrying every chosen message type, in one transaction. */
    async create(caller: Caller, scope: CustomerScope, input: ForwardCreate): Promise<Forward[]> {
      await checkCustomer(db, scope, input.CustomerId);
      await checkTarget(input.IP, 'IP');
      const values = { ...formValues(input), integrationType: INTEGRATION_TYPES.none };
      return db.transaction(async (tx) => {
        await checkCustomer(tx, scope, input.CustomerId);
        const created: Forward[] = [];
        for (const protocolId of input.Protocols) {
          const id = await insertForward(tx, { ...values, protocolId }, input.MessageTypes);
          const forward = await reload(tx, caller, id);
          await writeOperatorLog(tx, {
            level: 'Information',
            message: `Forward '${input.Name}' (${forward.Protocol ?? ''}) created ${byCaller(caller)}`,
            customerId: input.CustomerId,
          });
          created.push(forward);
        }
        return created;
      });
    },

    async update(caller: Caller, scope: CustomerScope, id: number, input: ForwardUpdate) {
      await checkTarget(input.IP, 'IP');
      const values = formValues(input);
      const kind = {
        integrationType: INTEGRATION_TYPES.none,
        protocolId: input.Protocols[0] ?? FORWARD_PROTOCOL_IDS['HTTP JSON'],
        messageTypeIds: input.MessageTypes,
      };
      return update(caller, scope, id, values, kind, 'Forward');
    },

    /** An Azure IoT hub: RT messages to its host name on port 443, the key as API_KEY. */
    async createIntegration(caller: Caller, scope: CustomerScope, input: IntegrationCreate) {
      await checkCustomer(db, scope, input.CustomerId);
      await checkTarget(input.Hostname, 'Hostname');
      return db.transaction(async (tx) => {
        await checkCustomer(tx, scope, input.CustomerId);
        const id = await insertForward(tx, integrationValues(input, secrets), [
          MESSAGE_TYPE_IDS.RT,
        ]);
        await writeOperatorLog(tx, {
          level: 'Information',
          message: `Azure IoT hub integration '${input.Name}' created ${byCaller(caller)}`,
          customerId: input.CustomerId,
        });
        return reload(tx, caller, id);
      });
    },

    async updateIntegration(
      caller: Caller,
      scope: CustomerScope,
      id: number,
      input: IntegrationUpdate,
    ) {
      await checkTarget(input.Hostname, 'Hostname');
      const { protocolId, integrationType, ...values } = integrationValues(input, secrets);
      const kind = { integrationType, protocolId, messageTypeIds: [MESSAGE_TYPE_IDS.RT] };
      return update(caller, scope, id, values, kind, 'Azure IoT hub integration');
    },

    /**
     * Removes the forward; the slots of the devices using it return to 'non' with it (the
     * device_forwards rows cascade), all in one transaction. Answers the removed forward.
     */
    async remove(caller: Caller, scope: CustomerScope, id: number): Promise<Forward> {
      return db.transaction(async (tx) => {
        const current = await lockWritable(tx, scope, id);
        const removed = await reload(tx, caller, id);
        await deleteForward(tx, id);
        const slots = removed.Amountdevices
          ? `; ${devices(removed.Amountdevices)} back to 'non'`
          : '';
        await writeOperatorLog(tx, {
          level: 'Information',
          message: `Forward '${current.name}' removed ${byCaller(caller)}${slots}`,
          customerId: current.customerId,
        });
        return removed;
      });
    },
  };
}

/** The columns of an integration's forward; the key is sealed, left out when unchanged. */
function integrationValues(input: IntegrationCreate | IntegrationUpdate, secrets: SecretBox) {
  return {
    customerId: input.CustomerId,
    name: input.Name,
    ip: input.Hostname,
    port: AZURE_IOT_HUB_PORT,
    username: input.SharedAccessKeyName,
    apiKey: input.SharedAccessKey === undefined ? undefined : secrets.seal(input.SharedAccessKey),
    status: 1,
    protocolId: FORWARD_PROTOCOL_IDS['Azure IoT hub'],
    integrationType: INTEGRATION_TYPES.azureIotHub,
  };
}

export type ForwardService = ReturnType<typeof createForwardService>;
