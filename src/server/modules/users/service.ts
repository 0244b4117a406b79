import { roleClass } from '@shared/access/permissions';
import type { User, UserCreate, UserSave } from '@shared/access/users';
import { CANT_DELETE_YOURSELF } from '@shared/access/users';
import { callerCanWithoutFeatures } from '@server/auth/access';
import { hashPassword } from '@server/auth/passwords';
import { forgetLiveSessions } from '@server/auth/sessions';
import { CUSTOMER_NOT_FOUND, type CustomerScope } from '@server/auth/tenancy';
import type { Caller } from '@server/auth/tokens';
import type { Db, DbOrTx } from '@server/db/client';
import { isUniqueViolation } from '@server/db/unique-violation';
import { badRequest, forbidden, notFound } from '@server/errors/http-errors';
import { byCaller, writeOperatorLog } from '@server/operator-log/write';
import {
  customerVisible,
  deleteUser,
  emailTaken,
  findRole,
  findUser,
  insertUser,
  listUsersOfCustomer,
  lockUser,
  revokeUserSessionsIn,
  updateUser,
  type UserValues,
} from './repository';

export const USER_NOT_FOUND = 'User not found';
export const EMAIL_TAKEN = 'A user with this email already exists';
export const ROLE_INVALID = 'Choose a role from the list';
export const ONLY_ADMINS_GRANT_ADMIN = 'Only admins may give the Admin role';
export const ONLY_ADMINS_CHANGE_ADMINS = 'Only admins may change or delete an admin';
export const NOT_YOUR_OWN_ROLE = "You can't change your own role or customer";

const emailTakenError = () => badRequest({ email: EMAIL_TAKEN });

/** One Information entry in the change's transaction, filed under the user's customer. */
const logUserChange = (tx: DbOrTx, caller: Caller, customerId: number | null, what: string) =>
  writeOperatorLog(tx, {
    level: 'Information',
    message: `${what} ${byCaller(caller)}`,
    customerId,
  });

export function createUserService(db: Db) {
  async function requireCustomer(tx: DbOrTx, scope: CustomerScope, customerId: number) {
    if (!(await customerVisible(tx, customerId, scope))) throw notFound(CUSTOMER_NOT_FOUND);
  }

  /** The role to give: it exists, and only admins give Admin (nobody grants more than held). */
  async function requireGrantableRole(tx: DbOrTx, caller: Caller, roleId: number) {
    const role = await findRole(tx, roleId);
    if (!role) throw badRequest({ roleId: ROLE_INVALID });
    if (roleClass(role.name) === 'Admin' && !callerCanWithoutFeatures(caller, 'users.grantAdmin'))
      throw forbidden(ONLY_ADMINS_GRANT_ADMIN);
  }

  /** The user to change or delete, in scope; a non-admin never touches an admin. */
  async function requireChangeable(tx: DbOrTx, caller: Caller, scope: CustomerScope, id: number) {
    const user = await lockUser(tx, id, scope);
    if (!user) throw notFound(USER_NOT_FOUND);
    if (roleClass(user.Role) === 'Admin' && !callerCanWithoutFeatures(caller, 'users.grantAdmin'))
      throw forbidden(ONLY_ADMINS_CHANGE_ADMINS);
    return user;
  }

  async function reload(tx: DbOrTx, id: number): Promise<User> {
    const user = await findUser(tx, id, { all: true });
    if (!user) throw notFound(USER_NOT_FOUND);
    return user;
  }

  /** Runs a write; a concurrent insert of the same address lands on the email field too. */
  async function write<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw emailTakenError();
      throw error;
    }
  }

  return {
    /** The users of an active customer in scope (customer detail, the account's Users tab). */
    async ofCustomer(scope: CustomerScope, customerId: number): Promise<User[]> {
      await requireCustomer(db, scope, customerId);
      return listUsersOfCustomer(db, customerId);
    },

    async create(caller: Caller, scope: CustomerScope, input: UserCreate): Promise<User> {
      // Hashing takes a while: not inside the transaction.
      const passwordHash = await hashPassword(input.password);
      return write(() =>
        db.transaction(async (tx) => {
          await requireCustomer(tx, scope, input.customerId);
          await requireGrantableRole(tx, caller, input.roleId);
          if (await emailTaken(tx, input.email)) throw emailTakenError();
          const id = await insertUser(tx, {
            email: input.email,
            passwordHash,
            roleId: input.roleId,
            customerId: input.customerId,
          });
          await logUserChange(tx, caller, input.customerId, `User ${id} (${input.email}) created`);
          return reload(tx, id);
        }),
      );
    },

    /**
     * Update User, or one's own profile. A new password, role or customer ends the user's
     * sessions (its rights changed); nobody changes their own role or customer.
     */
    async update(caller: Caller, scope: CustomerScope, id: number, input: UserSave) {
      const passwordHash =
        input.password === undefined ? undefined : await hashPassword(input.password);
      const { user, revoked } = await write(() =>
        db.transaction(async (tx) => {
          const current = await requireChangeable(tx, caller, scope, id);
          const self = id === caller.userId;
          const values: Partial<UserValues> = { email: input.email };
          if (input.customerId !== undefined && input.customerId !== current.CustomerId) {
            if (self) throw forbidden(NOT_YOUR_OWN_ROLE);
            await requireCustomer(tx, scope, input.customerId);
            values.customerId = input.customerId;
          }
          if (input.roleId !== undefined && input.roleId !== current.RoleId) {
            if (self) throw forbidden(NOT_YOUR_OWN_ROLE);
            await requireGrantableRole(tx, caller, input.roleId);
            values.roleId = input.roleId;
          }
          if (await emailTaken(tx, input.email, id)) throw emailTakenError();
          if (passwordHash !== undefined) values.passwordHash = passwordHash;
          await updateUser(tx, id, values);
          const rightsChanged = Object.keys(values).some((key) => key !== 'email');
          const revokedIds = rightsChanged ? await revokeUserSessionsIn(tx, id) : [];
          // Which fields changed, never their values (a password hash least of all).
          const fields = Object.keys(values).map((key) =>
            key === 'passwordHash' ? 'password' : key,
          );
          const what = `User ${id} (${input.email}) updated: ${fields.join(', ')}`;
          await logUserChange(tx, caller, values.customerId ?? current.CustomerId, what);
          return { user: await reload(tx, id), revoked: revokedIds };
        }),
      );
      // After the commit: a request racing it must not re-cache a session as live.
      forgetLiveSessions(revoked);
      return user;
    },

    /** Deletes the user and ends its sessions; nobody deletes themselves. */
    async remove(caller: Caller, scope: CustomerScope, id: number): Promise<User> {
      const { user, revoked } = await db.transaction(async (tx) => {
        const current = await requireChangeable(tx, caller, scope, id);
        const self = id === caller.userId;
        if (!callerCanWithoutFeatures(caller, 'users.delete', { self }))
          throw forbidden(self ? CANT_DELETE_YOURSELF : undefined);
        const revokedIds = await revokeUserSessionsIn(tx, id);
        await deleteUser(tx, id);
        const what = `User ${id} (${current.Email}) deleted`;
        await logUserChange(tx, caller, current.CustomerId, what);
        return { user: current, revoked: revokedIds };
      });
      forgetLiveSessions(revoked);
      return user;
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
