import { forgetCustomerFeatures } from '@server/auth/customer-features';
import type {
  Customer,
  CustomerCreate,
  CustomerUpdate,
  RtdIntegration,
} from '@shared/customers/customers';
import { FEATURE_INVALID, INTEGRATION_INVALID } from '@shared/customers/customers';
import { CANT_DELETE_YOURSELF } from '@shared/access/users';
import { callerCanWithoutFeatures } from '@server/auth/access';
import { forgetLiveSessions } from '@server/auth/sessions';
import { CUSTOMER_NOT_FOUND, canSee, customerTree, type CustomerScope } from '@server/auth/tenancy';
import type { Caller } from '@server/auth/tokens';
import type { Db, DbOrTx } from '@server/db/client';
import { badRequest, forbidden, notFound } from '@server/errors/http-errors';
import { byCaller, writeOperatorLog } from '@server/operator-log/write';
import {
  activeInScope,
  deactivateCustomer,
  existingFeatures,
  featureIdsOf,
  findActive,
  findCustomer,
  insertCustomer,
  integrationExists,
  listCustomers,
  listIntegrations,
  lockCustomer,
  replaceFeatures,
  updateCustomer,
  type CustomerValues,
} from './repository';

export const ONLY_ADMINS_SET_RESELLERS =
  'Only admins may make a customer a reseller or choose its main reseller';
export const ONLY_OWN_FEATURES = 'You can only grant features your own customer has';
export const MAIN_RESELLER_NOT_RESELLER = 'The main reseller must be a reseller';
export const OWN_MAIN_RESELLER = 'A customer cannot be its own main reseller';

type CustomerInput = CustomerCreate | CustomerUpdate;

/** The columns a create or update writes (an integration that is off keeps no ids). */
function valuesOf(input: CustomerInput, resellerId: number | null): CustomerValues {
  return {
    name: input.name,
    country: input.country,
    email: input.Email || null,
    isReseller: input.isReseller,
    resellerId,
    rtdInterval: input.RTDInterval,
    rtdIntegration: input.RTDIntegration,
    rtdIntegrationId: input.RTDIntegration ? input.RTDIntegrationId : null,
    rtdIntCustId: input.RTDIntegration ? input.RTDIntCustId : null,
    ...(input.start ? { start: input.start } : {}),
    // Left out of an update, the stored threshold stays.
    ...(input.TachoRequestDays === undefined ? {} : { tachoRequestDays: input.TachoRequestDays }),
  };
}

/** One Information entry in the change's transaction, filed under the customer. */
const logCustomerChange = (tx: DbOrTx, caller: Caller, customerId: number, what: string) =>
  writeOperatorLog(tx, {
    level: 'Information',
    message: `${what} ${byCaller(caller)}`,
    customerId,
  });

export function createCustomerService(db: Db) {
  const mayChooseResellers = (caller: Caller) =>
    callerCanWithoutFeatures(caller, 'customers.resellers');

  /** Features must exist; a non-admin may add only features its own customer has. */
  async function checkFeatures(
    tx: DbOrTx,
    caller: Caller,
    wanted: readonly number[],
    current: readonly number[],
  ): Promise<number[]> {
    const ids = [...new Set(wanted)];
    if ((await existingFeatures(tx, ids)).length < ids.length) {
      throw badRequest({ features: FEATURE_INVALID });
    }
    if (!callerCanWithoutFeatures(caller, 'features.grantAny')) {
      const own = new Set(await featureIdsOf(tx, caller.customerId));
      const added = ids.filter((id) => !current.includes(id));
      if (added.some((id) => !own.has(id))) throw forbidden(ONLY_OWN_FEATURES);
    }
    return ids;
  }

  async function checkIntegration(tx: DbOrTx, input: CustomerInput): Promise<void> {
    if (input.RTDIntegration && !(await integrationExists(tx, input.RTDIntegrationId))) {
      throw badRequest({ RTDIntegrationId: INTEGRATION_INVALID });
    }
  }

  /**
   * An admin's choice of main reseller: an active reseller, not the customer itself nor one
   * below it (the tree stays a tree).
   */
  async function checkMainReseller(tx: DbOrTx, resellerId: number | null, customerId?: number) {
    if (resellerId === null) return;
    const reseller = await findActive(tx, resellerId);
    if (!reseller) throw notFound(CUSTOMER_NOT_FOUND);
    if (!reseller.isReseller) throw badRequest({ resellerId: MAIN_RESELLER_NOT_RESELLER });
    if (customerId === undefined) return;
    // Its own tree holds the customer itself and everything below it.
    if ((await customerTree(tx, customerId)).includes(resellerId))
      throw badRequest({ resellerId: OWN_MAIN_RESELLER });
  }

  /** A customer named in the body must be one the caller sees, like any other object. */
  function assertResellerVisible(scope: CustomerScope, resellerId: number | null) {
    if (resellerId !== null && !canSee(scope, resellerId)) throw notFound(CUSTOMER_NOT_FOUND);
  }

  async function reload(tx: DbOrTx, id: number): Promise<Customer> {
    const customer = await findCustomer(tx, id, { all: true });
    if (!customer) throw notFound(CUSTOMER_NOT_FOUND);
    return customer;
  }

  return {
    /** Active customers in scope: the customers list and every customer selector. */
    list: (scope: CustomerScope): Promise<Customer[]> => listCustomers(db, activeInScope(scope)),

    async get(scope: CustomerScope, id: number): Promise<Customer> {
      const customer = await findCustomer(db, id, scope);
      if (!customer) throw notFound(CUSTOMER_NOT_FOUND);
      return customer;
    },

    integrations: (): Promise<RtdIntegration[]> => listIntegrations(db),

    /** Admins create anywhere; a reseller creates under itself, never another reseller. */
    create(caller: Caller, scope: CustomerScope, input: CustomerCreate): Promise<Customer> {
      return db.transaction(async (tx) => {
        let resellerId = input.resellerId;
        if (mayChooseResellers(caller)) {
          await checkMainReseller(tx, resellerId);
        } else {
          assertResellerVisible(scope, resellerId);
          const elsewhere = resellerId !== null && resellerId !== caller.customerId;
          if (input.isReseller || elsewhere) throw forbidden(ONLY_ADMINS_SET_RESELLERS);
          resellerId = caller.customerId;
        }
        const featureIds = await checkFeatures(tx, caller, input.features, []);
        await checkIntegration(tx, input);
        const id = await insertCustomer(tx, valuesOf(input, resellerId));
        await replaceFeatures(tx, id, featureIds);
        await logCustomerChange(tx, caller, id, `Customer '${input.name}' created`);
        return reload(tx, id);
      });
    },

    /** Admins change anything; others keep the reseller settings and grant only their features. */
    async update(
      caller: Caller,
      scope: CustomerScope,
      id: number,
      input: CustomerUpdate,
    ): Promise<Customer> {
      const customer = await db.transaction(async (tx) => {
        const current = await lockCustomer(tx, id, scope);
        if (!current) throw notFound(CUSTOMER_NOT_FOUND);
        if (mayChooseResellers(caller)) {
          await checkMainReseller(tx, input.resellerId, id);
        } else {
          assertResellerVisible(scope, input.resellerId);
          const changed =
            input.isReseller !== current.isReseller || input.resellerId !== current.resellerId;
          if (changed) throw forbidden(ONLY_ADMINS_SET_RESELLERS);
        }
        const currentFeatures = await featureIdsOf(tx, id);
        const featureIds = await checkFeatures(tx, caller, input.features, currentFeatures);
        await checkIntegration(tx, input);
        await updateCustomer(tx, id, valuesOf(input, input.resellerId));
        await replaceFeatures(tx, id, featureIds);
        await logCustomerChange(tx, caller, id, `Customer '${input.name}' updated`);
        return reload(tx, id);
      });
      // After the commit: a request racing it must not re-cache the features it replaced.
      forgetCustomerFeatures(id);
      return customer;
    },

    /**
     * Deactivates: the customer leaves lists and selectors and its users' sessions end, while
     * its devices, users and history stay. Nobody deactivates their own customer.
     */
    async deactivate(caller: Caller, scope: CustomerScope, id: number): Promise<Customer> {
      const { customer, revoked } = await db.transaction(async (tx) => {
        if (!(await lockCustomer(tx, id, scope))) throw notFound(CUSTOMER_NOT_FOUND);
        const self = id === caller.customerId;
        if (!callerCanWithoutFeatures(caller, 'customers.delete', { self })) {
          throw forbidden(self ? CANT_DELETE_YOURSELF : undefined);
        }
        const before = await reload(tx, id);
        await logCustomerChange(tx, caller, id, `Customer '${before.Name}' deactivated`);
        return { customer: before, revoked: await deactivateCustomer(tx, id, new Date()) };
      });
      // After the commit: a request racing it must not re-cache a session as live.
      forgetLiveSessions(revoked);
      return customer;
    },
  };
}

export type CustomerService = ReturnType<typeof createCustomerService>;
