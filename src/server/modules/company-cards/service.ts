import { eq } from 'drizzle-orm';
import { AUTH_SERVER_NOT_FOUND } from '@shared/access/auth-servers';
import {
  AUTH_SERVER_OF_OTHER_CUSTOMER,
  COMPANY_CARD_IN_USE,
  COMPANY_CARD_NOT_FOUND,
  notDevicesOfCustomer,
  parseValidUntil,
  type CompanyCard,
  type CompanyCardCreate,
  type CompanyCardUpdate,
} from '@shared/tacho/company-cards';
import { CUSTOMER_NOT_FOUND, canSee, scopeFilter, type CustomerScope } from '@server/auth/tenancy';
import type { Caller } from '@server/auth/tokens';
import type { Db, DbOrTx } from '@server/db/client';
import { companyCards } from '@server/db/schema';
import { badRequest, notFound } from '@server/errors/http-errors';
import { byCaller, writeOperatorLog } from '@server/operator-log/write';
import { activeCustomerExists } from '@server/modules/customers';
import {
  authServerOwner,
  customerExists,
  deleteCompanyCard,
  devicesByImei,
  insertCompanyCard,
  lockCompanyCard,
  selectCompanyCards,
  servedCount,
  setServedDevices,
  updateCompanyCard,
} from './repository';

type CardInput = CompanyCardCreate | CompanyCardUpdate;

/**
 * Company cards (spec 02 §4, §5, §7; decision 035): the lists of the caller's tree and of one
 * customer, create and remove (admins), change with the devices served (writers).
 */
export function createCompanyCardService(db: Db) {
  /** An active customer the caller sees, else 404 like a foreign one. */
  async function checkCustomer(tx: DbOrTx, scope: CustomerScope, customerId: number) {
    if (!canSee(scope, customerId) || !(await activeCustomerExists(tx, customerId)))
      throw notFound(CUSTOMER_NOT_FOUND);
  }

  /** The server must exist in the caller's view (404) and be the customer's or shared (400). */
  async function checkAuthServer(tx: DbOrTx, scope: CustomerScope, input: CardInput) {
    const server = await authServerOwner(tx, input.AuthServerId);
    if (!server || (server.customerId !== null && !canSee(scope, server.customerId)))
      throw notFound(AUTH_SERVER_NOT_FOUND);
    if (server.customerId !== null && server.customerId !== input.CustomerId)
      throw badRequest({ AuthServerId: AUTH_SERVER_OF_OTHER_CUSTOMER });
  }

  /**
   * The devices' ids: each must be one the caller sees (404 otherwise, like a missing one) and
   * of the card's customer (400).
   */
  async function servedDevices(tx: DbOrTx, scope: CustomerScope, input: CardInput) {
    const wanted = input.Devices ?? [];
    const found = (await devicesByImei(tx, wanted)).filter((d) => canSee(scope, d.customerId));
    const seen = new Set(found.map((d) => d.imei));
    const missing = wanted.filter((imei) => !seen.has(imei));
    if (missing.length) throw notFound(`Device(s) not found: ${missing.slice(0, 5).join(', ')}`);
    const others = found.filter((d) => d.customerId !== input.CustomerId).map((d) => d.imei);
    if (others.length) throw badRequest({ Devices: notDevicesOfCustomer(others.sort()) });
    return found.map((d) => d.id);
  }

  const values = (input: CardInput) => ({
    customerId: input.CustomerId,
    authServerId: input.AuthServerId,
    cardNumber: input.CardNumber,
    companyName: input.CompanyName,
    validUntil: parseValidUntil(input.ValidUntil) ?? new Date(NaN),
  });

  async function reload(tx: DbOrTx, id: number): Promise<CompanyCard> {
    const [card] = await selectCompanyCards(tx, eq(companyCards.id, id));
    if (!card) throw notFound(COMPANY_CARD_NOT_FOUND);
    return card;
  }

  async function lockVisible(tx: DbOrTx, scope: CustomerScope, id: number) {
    const card = await lockCompanyCard(tx, id);
    if (!card || !canSee(scope, card.customerId)) throw notFound(COMPANY_CARD_NOT_FOUND);
    return card;
  }

  return {
    /** The cards of the caller's tree (all for admins). */
    list: (scope: CustomerScope) =>
      selectCompanyCards(db, scopeFilter(scope, companyCards.customerId)),

    /** One customer's cards (the customer detail's tab); a customer out of scope is 404. */
    async ofCustomer(scope: CustomerScope, customerId: number) {
      if (!canSee(scope, customerId) || !(await customerExists(db, customerId)))
        throw notFound(CUSTOMER_NOT_FOUND);
      return selectCompanyCards(db, eq(companyCards.customerId, customerId));
    },

    async create(caller: Caller, scope: CustomerScope, input: CompanyCardCreate) {
      return db.transaction(async (tx) => {
        await checkCustomer(tx, scope, input.CustomerId);
        await checkAuthServer(tx, scope, input);
        const deviceIds = await servedDevices(tx, scope, input);
        const id = await insertCompanyCard(tx, values(input));
        await setServedDevices(tx, id, deviceIds);
        await writeOperatorLog(tx, {
          level: 'Information',
          message: `Company card ${String(id)} of '${input.CompanyName}' created ${byCaller(caller)}`,
          customerId: input.CustomerId,
        });
        return reload(tx, id);
      });
    },

    /**
     * Changes the card and, when `Devices` is sent, the devices it serves. The customer changes
     * only while the card serves no device (spec 02 §4).
     */
    async update(caller: Caller, scope: CustomerScope, id: number, input: CompanyCardUpdate) {
      return db.transaction(async (tx) => {
        const current = await lockVisible(tx, scope, id);
        await checkCustomer(tx, scope, input.CustomerId);
        await checkAuthServer(tx, scope, input);
        if (input.CustomerId !== current.customerId && (await servedCount(tx, id)) > 0)
          throw badRequest({ CustomerId: COMPANY_CARD_IN_USE }, COMPANY_CARD_IN_USE);
        const deviceIds = input.Devices && (await servedDevices(tx, scope, input));
        await updateCompanyCard(tx, id, values(input));
        if (deviceIds) await setServedDevices(tx, id, deviceIds);
        await writeOperatorLog(tx, {
          level: 'Information',
          message: `Company card ${String(id)} of '${input.CompanyName}' updated ${byCaller(caller)}`,
          customerId: input.CustomerId,
        });
        return reload(tx, id);
      });
    },

    /** Removes the card (admins); the devices it served are let go. Answers the removed card. */
    async remove(caller: Caller, scope: CustomerScope, id: number): Promise<CompanyCard> {
      return db.transaction(async (tx) => {
        const current = await lockVisible(tx, scope, id);
        const removed = await reload(tx, id);
        await deleteCompanyCard(tx, id);
        await writeOperatorLog(tx, {
          level: 'Information',
          message: `Company card ${String(id)} of '${current.companyName}' removed ${byCaller(caller)}`,
          customerId: current.customerId,
        });
        return removed;
      });
    },
  };
}

export type CompanyCardService = ReturnType<typeof createCompanyCardService>;
