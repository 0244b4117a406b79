import { and, eq, ilike, isNull, type SQL } from 'drizzle-orm';
import { EMPTY_GUID, FIRMWARE_FLAGS } from '@shared/devices/constants';
import {
  MESSAGE_SLOTS,
  pickProfileSettings,
  PROFILE_IN_USE_KEEPS_CUSTOMER,
  SETTINGS_PROFILE_NOT_FOUND,
  settingsProfileInUseMessage,
  type SettingsProfile,
  type SettingsProfileBody,
  type SettingsProfilePreview,
} from '@shared/settings-profiles/settings-profiles';
import type { FieldErrors } from '@shared/api/validation';
import { CUSTOMER_NOT_FOUND, canSee, type CustomerScope } from '@server/auth/tenancy';
import type { Caller } from '@server/auth/tokens';
import type { Db, DbOrTx } from '@server/db/client';
import { customers, endpoints, settingsProfiles } from '@server/db/schema';
import { badRequest, notFound } from '@server/errors/http-errors';
import { byCaller, writeOperatorLog } from '@server/operator-log/write';
import { sharedOrInScope, sharedOrOfCustomer } from '@server/modules/lookup-scope';
import {
  detachProfile,
  layProfileOver,
  previewProfileChanges,
  type ProfileContent,
} from './expansion';
import {
  deleteProfile,
  findProfile,
  firmwareExists,
  insertProfile,
  listProfiles,
  lockProfile,
  profileUsage,
  updateProfile,
  type ProfileValues,
} from './repository';

export const UNKNOWN_APPLICATION_FIRMWARE = 'No application firmware with this id';
export const UNKNOWN_BOOTER_FIRMWARE = 'No booter firmware with this id';
export const UNKNOWN_ENDPOINT = 'Endpoint not found';
export const ENDPOINT_OF_ANOTHER_CUSTOMER =
  'The endpoint must be shared or of the profile’s customer';

/** Shared profiles (no customer) are everyone's to read; the rest follow the scope. */
const visible = (scope: CustomerScope, customerId: number | null) =>
  customerId === null || canSee(scope, customerId);

/** `contains`, any case, with LIKE's wildcards taken literally. */
const nameContains = (name: string): SQL =>
  ilike(settingsProfiles.name, `%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);

const valuesOf = (body: SettingsProfileBody): ProfileValues => {
  const { Name, CustomerId, applicationVersion, BooterVersion, message0, message1, message2 } =
    body;
  return {
    name: Name,
    customerId: CustomerId,
    applicationVersion,
    booterVersion: BooterVersion,
    settings: pickProfileSettings(body),
    messages: [message0, message1, message2],
  };
};

const contentOf = (values: ProfileValues): ProfileContent => ({
  applicationVersion: values.applicationVersion ?? 0,
  booterVersion: values.booterVersion ?? 0,
  settings: values.settings,
  messages: values.messages,
});

/** The rules that need the database: an active customer, firmwares, endpoints for the owner. */
async function checkReferences(tx: DbOrTx, body: SettingsProfileBody): Promise<void> {
  if (body.CustomerId !== null) {
    const [customer] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.id, body.CustomerId), isNull(customers.deactivatedAt)));
    if (!customer) throw notFound(CUSTOMER_NOT_FOUND);
  }
  const errors: FieldErrors = {};
  if (
    body.applicationVersion !== 0 &&
    !(await firmwareExists(tx, body.applicationVersion, FIRMWARE_FLAGS.Application))
  )
    errors.applicationVersion = UNKNOWN_APPLICATION_FIRMWARE;
  if (
    body.BooterVersion !== 0 &&
    !(await firmwareExists(tx, body.BooterVersion, FIRMWARE_FLAGS.Booter))
  )
    errors.BooterVersion = UNKNOWN_BOOTER_FIRMWARE;
  for (const slot of MESSAGE_SLOTS) {
    const id = body[`message${slot}`].endpointID;
    if (id === EMPTY_GUID) continue;
    const [endpoint] = await tx
      .select({ customerId: endpoints.customerId })
      .from(endpoints)
      .where(eq(endpoints.id, id));
    if (!endpoint) errors[`message${slot}.endpointID`] = UNKNOWN_ENDPOINT;
    else if (endpoint.customerId !== null && endpoint.customerId !== body.CustomerId)
      errors[`message${slot}.endpointID`] = ENDPOINT_OF_ANOTHER_CUSTOMER;
  }
  if (Object.keys(errors).length) throw badRequest(errors);
}

const log = (tx: DbOrTx, caller: Caller, name: string, customerId: number | null, what: string) =>
  writeOperatorLog(tx, {
    level: 'Information',
    message: `Settings profile '${name}' ${what} ${byCaller(caller)}`,
    customerId,
  });

export function createSettingsProfileService(db: Db) {
  async function reload(tx: DbOrTx, scope: CustomerScope, id: string): Promise<SettingsProfile> {
    const profile = await findProfile(tx, scope, id);
    if (!profile) throw notFound(SETTINGS_PROFILE_NOT_FOUND);
    return profile;
  }

  /** Writes are for admins (all customers), so a missing profile is the only 404. */
  async function lockForChange(tx: DbOrTx, scope: CustomerScope, id: string) {
    const current = await lockProfile(tx, id);
    if (!current || !visible(scope, current.customerId)) throw notFound(SETTINGS_PROFILE_NOT_FOUND);
    return current;
  }

  return {
    list: (scope: CustomerScope) =>
      listProfiles(db, scope, sharedOrInScope(scope, settingsProfiles.customerId)),

    ofCustomer: (scope: CustomerScope, customerId: number) =>
      listProfiles(db, scope, sharedOrOfCustomer(scope, settingsProfiles.customerId, customerId)),

    /** Name contains `name` (any case), the caller's profiles or those of one customer. */
    byName: (scope: CustomerScope, name: string, customerId?: number) =>
      listProfiles(
        db,
        scope,
        and(
          nameContains(name),
          customerId === undefined
            ? sharedOrInScope(scope, settingsProfiles.customerId)
            : sharedOrOfCustomer(scope, settingsProfiles.customerId, customerId),
        ),
      ),

    async get(scope: CustomerScope, id: string): Promise<SettingsProfile> {
      const profile = await findProfile(db, scope, id);
      if (!profile || !visible(scope, profile.CustomerId))
        throw notFound(SETTINGS_PROFILE_NOT_FOUND);
      return profile;
    },

    create(caller: Caller, scope: CustomerScope, body: SettingsProfileBody) {
      return db.transaction(async (tx) => {
        await checkReferences(tx, body);
        const id = await insertProfile(tx, valuesOf(body));
        await log(tx, caller, body.Name, body.CustomerId, 'created');
        return reload(tx, scope, id);
      });
    },

    /**
     * Saves the profile and re-targets every device whose wanted configuration names it, in
     * one transaction: each value the update changes becomes a pending setting of every such
     * device whose overlay does not already want it (expansion.ts updateChanges).
     */
    update(caller: Caller, scope: CustomerScope, id: string, body: SettingsProfileBody) {
      return db.transaction(async (tx) => {
        const current = await lockForChange(tx, scope, id);
        await checkReferences(tx, body);
        if (body.CustomerId !== current.customerId && (await profileUsage(tx, id)) > 0)
          throw badRequest({ CustomerId: PROFILE_IN_USE_KEEPS_CUSTOMER });
        const values = valuesOf(body);
        await updateProfile(tx, id, values);
        const changed = await layProfileOver(tx, contentOf(values), {
          profileId: id,
          previous: contentOf(current),
        });
        await log(
          tx,
          caller,
          body.Name,
          body.CustomerId,
          `updated: ${changed.settings} pending setting(s) for ${changed.devices} device(s)`,
        );
        return reload(tx, scope, id);
      });
    },

    /** What `update` with this body would do to the profile's devices; changes nothing. */
    preview(scope: CustomerScope, id: string, body: SettingsProfileBody) {
      return db.transaction(async (tx): Promise<SettingsProfilePreview> => {
        const current = await lockForChange(tx, scope, id);
        await checkReferences(tx, body);
        return previewProfileChanges(tx, contentOf(valuesOf(body)), {
          profileId: id,
          previous: contentOf(current),
        });
      });
    },

    /**
     * Removes a profile. Its devices (if any) need `keepSettings`: each gets a pending
     * settingsProfileID '' and keeps its settings; without it 400 `{ devices }`.
     */
    remove(caller: Caller, scope: CustomerScope, id: string, keepSettings: boolean) {
      return db.transaction(async (tx) => {
        const current = await lockForChange(tx, scope, id);
        const removed = await reload(tx, scope, id);
        const using = await profileUsage(tx, id);
        if (using > 0 && !keepSettings)
          throw badRequest({ devices: settingsProfileInUseMessage(using) });
        const detached = using > 0 ? await detachProfile(tx, id) : 0;
        await deleteProfile(tx, id);
        const what = detached ? `removed; ${detached} device(s) keep their settings` : 'removed';
        await log(tx, caller, current.name, current.customerId, what);
        return removed;
      });
    },
  };
}

export type SettingsProfileService = ReturnType<typeof createSettingsProfileService>;
