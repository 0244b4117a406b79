import * as v from 'valibot';
import { EMAIL_INVALID, EMAIL_REQUIRED, PASSWORD_REQUIRED } from './auth';
import { idField, idParams, idValue } from '@shared/api/ids';

/** A user (spec 02 §3) as the users lists show it; passwords are never answered. */
export const UserSchema = v.object({
  Id: v.number(),
  Email: v.string(),
  /** The role's name: Admin, User, Viewer or a custom role. */
  Role: v.string(),
  RoleId: v.number(),
  CustomerId: v.number(),
  Customer: v.string(),
  /** Its customer's reseller flag: users have none of their own. */
  IsReseller: v.boolean(),
  Features: v.array(v.string()),
});
export type User = v.InferOutput<typeof UserSchema>;
export const UserListSchema = v.array(UserSchema);

export const USER_TOOLTIP =
  "Make sure your username consists of more than 3 characters and you've entered a valid email. A strong password is also required.";
export const PASSWORDS_DONT_MATCH = 'Passwords dont match.';
export const PASSWORD_TOO_SHORT = 'Password needs to be 6 digits long.';
export const PASSWORD_TOO_LONG = 'Password is too long';
export const PASSWORD_NOT_TEXT = 'Password must be text';
export const CONFIRMATION_NOT_TEXT = 'Password confirmation must be text';
/** The hint of the password field when editing: blank keeps the password. */
export const PASSWORD_KEEP_HINT = 'Leave blank to keep the same';
export const ROLE_REQUIRED = 'Role is required';
/** Spec 02 §6: nobody deletes their own user or customer (answered 403 with this message). */
export const CANT_DELETE_YOURSELF = "You can't delete yourself!";
export const CUSTOMER_REQUIRED = 'Customer is required';
/** Spec 02 §9: a password is longer than 6 characters. */
export const PASSWORD_MIN_LENGTH = 7;

const EmailSchema = v.pipe(
  v.optional(v.string(EMAIL_INVALID), ''),
  v.trim(),
  v.nonEmpty(EMAIL_REQUIRED),
  v.email(EMAIL_INVALID),
  v.maxLength(254, EMAIL_INVALID),
);

/** A new password: one rule wherever a password is set (profile, Add User, Update User). */
const NewPasswordSchema = v.pipe(
  v.string(PASSWORD_NOT_TEXT),
  v.minLength(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT),
  v.maxLength(1024, PASSWORD_TOO_LONG),
);

/** A password that may stay blank: blank (or absent) keeps the current one. */
const OptionalPasswordSchema = v.optional(
  v.union(
    [
      v.pipe(
        v.literal(''),
        v.transform(() => undefined),
      ),
      NewPasswordSchema,
    ],
    PASSWORD_NOT_TEXT,
  ),
);

/**
 * The forms' confirmation (spec 02 §5): required with a password — blank does not match — and
 * equal to it. The API takes the spec's payload without it (see SentConfirmationSchema).
 */
const ConfirmationSchema = v.optional(v.string(CONFIRMATION_NOT_TEXT), '');

/** The API's confirmation: checked against the password only when it is sent (not null). */
const SentConfirmationSchema = v.optional(v.nullable(v.string(CONFIRMATION_NOT_TEXT)));

/** The confirmation must equal the password; its message lands on the confirmation field. */
const PASSWORD_FIELDS = [['password'], ['passwordConf']] as const;
const passwordsMatch = (input: {
  password?: string | undefined;
  passwordConf?: string | null | undefined;
}) => input.passwordConf == null || (input.password ?? '') === input.passwordConf;

const RoleIdSchema = idField('role', ROLE_REQUIRED, 'shared');
const CustomerIdSchema = idField('customer', CUSTOMER_REQUIRED);

const EXAMPLE = { customerId: 1, email: 'driver@example.test', roleId: 2 };

/** Email, a new password (blank keeps the old one) and its confirmation: the profile's fields. */
const PROFILE_ENTRIES = {
  email: EmailSchema,
  password: OptionalPasswordSchema,
  passwordConf: ConfirmationSchema,
};

const CREATE_ENTRIES = {
  customerId: CustomerIdSchema,
  email: EmailSchema,
  password: v.pipe(
    v.optional(v.string(PASSWORD_NOT_TEXT), ''),
    v.nonEmpty(PASSWORD_REQUIRED),
    NewPasswordSchema,
  ),
  roleId: RoleIdSchema,
};

/**
 * `POST users/`: spec 02 §3's user payload (customerId, email, password, roleId). A
 * `passwordConf` is checked against the password only when it is sent.
 */
export const UserCreateSchema = v.pipe(
  v.object({ ...CREATE_ENTRIES, passwordConf: SentConfirmationSchema }),
  v.forward(v.partialCheck(PASSWORD_FIELDS, passwordsMatch, PASSWORDS_DONT_MATCH), [
    'passwordConf',
  ]),
  v.examples([{ ...EXAMPLE, password: 'a-strong-password' }]),
);
export type UserCreateInput = v.InferInput<typeof UserCreateSchema>;
export type UserCreate = v.InferOutput<typeof UserCreateSchema>;

/** The Add User / Add users forms (spec 02 §5 "User create"): the password confirmed. */
export const UserCreateFormSchema = v.pipe(
  v.object({ ...CREATE_ENTRIES, passwordConf: ConfirmationSchema }),
  v.forward(v.partialCheck(PASSWORD_FIELDS, passwordsMatch, PASSWORDS_DONT_MATCH), [
    'passwordConf',
  ]),
);
export type UserCreateFormInput = v.InferInput<typeof UserCreateFormSchema>;

/** The Update User form: a role must be chosen, the password may stay blank. */
export const UserUpdateSchema = v.pipe(
  v.object({ ...PROFILE_ENTRIES, customerId: CustomerIdSchema, roleId: RoleIdSchema }),
  v.forward(v.partialCheck(PASSWORD_FIELDS, passwordsMatch, PASSWORDS_DONT_MATCH), [
    'passwordConf',
  ]),
);
export type UserUpdateInput = v.InferInput<typeof UserUpdateSchema>;

/** The account page's Profile tab: email, and a new password only when one is typed. */
export const ProfileSchema = v.pipe(
  v.object(PROFILE_ENTRIES),
  v.forward(v.partialCheck(PASSWORD_FIELDS, passwordsMatch, PASSWORDS_DONT_MATCH), [
    'passwordConf',
  ]),
);
export type ProfileInput = v.InferInput<typeof ProfileSchema>;

/**
 * `PUT users/{id}`: the Update User form or the profile (which sends no role or customer). An
 * absent role or customer stays as it is; so does a blank or absent password. A `passwordConf`
 * is checked only when it is sent.
 */
export const UserSaveSchema = v.pipe(
  v.object({
    email: EmailSchema,
    password: OptionalPasswordSchema,
    passwordConf: SentConfirmationSchema,
    customerId: v.optional(idValue('customer', CUSTOMER_REQUIRED)),
    roleId: v.optional(idValue('role', ROLE_REQUIRED, 'shared')),
  }),
  v.forward(v.partialCheck(PASSWORD_FIELDS, passwordsMatch, PASSWORDS_DONT_MATCH), [
    'passwordConf',
  ]),
  v.examples([EXAMPLE]),
);
export type UserSaveInput = v.InferInput<typeof UserSaveSchema>;
export type UserSave = v.InferOutput<typeof UserSaveSchema>;

/** `users/{id}`. */
export const UserIdParamsSchema = idParams('id', 'user');
