import type { Auth } from '@shared/access/auth';
import { can, roleClass } from '@shared/access/permissions';
import type { Role } from '@shared/access/roles';
import type {
  User,
  UserCreateFormInput,
  UserSaveInput,
  UserUpdateInput,
} from '@shared/access/users';
import type { Option } from '@app/components/form';

type Subject = Pick<Auth, 'Role' | 'IsReseller' | 'Features'>;

/** Add User's first values: the customer, nothing typed, no role chosen. */
export const createUserValues = (customerId: number): UserCreateFormInput => ({
  customerId,
  email: '',
  password: '',
  passwordConf: '',
  roleId: undefined,
});

/** Update User's first values: the user as stored, the password fields blank (kept). */
export const updateUserValues = (user: User): UserUpdateInput => ({
  customerId: user.CustomerId,
  email: user.Email,
  password: '',
  passwordConf: '',
  roleId: user.RoleId,
});

/** The update body: blank password fields are not sent (spec 02 §5), so the password stays. */
export function updateUserBody(values: UserUpdateInput): UserSaveInput {
  const { password, passwordConf, ...rest } = values;
  return password ? { ...rest, password, passwordConf } : rest;
}

/**
 * The role select: 'Choose a role', then the roles. Only those who may give the Admin role get
 * it offered (nobody grants more than they hold).
 */
export function roleOptions(roles: readonly Role[], auth: Subject | null | undefined) {
  const mayGrantAdmin = can(auth, 'users.grantAdmin');
  const options: Option<number | undefined>[] = [{ value: undefined, label: 'Choose a role' }];
  for (const role of roles) {
    if (mayGrantAdmin || roleClass(role.Name) !== 'Admin') {
      options.push({ value: role.Id, label: role.Name });
    }
  }
  return options;
}

/** What a caller may do with one user row (spec 02 "Customer detail", §6). */
export interface UserRowAccess {
  edit: boolean;
  remove: boolean;
}

/**
 * The signed-in user's own row has no edit or delete; an admin's row only for those who may
 * give the Admin role (the server refuses the others).
 */
export function userRowAccess(user: User, auth: (Subject & { Id: number }) | null | undefined) {
  const self = user.Id === auth?.Id;
  const touchable = roleClass(user.Role) !== 'Admin' || can(auth, 'users.grantAdmin');
  return {
    edit: !self && touchable && can(auth, 'users.update'),
    remove: !self && touchable && can(auth, 'users.delete', { self }),
  } satisfies UserRowAccess;
}
