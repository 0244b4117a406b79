import * as v from 'valibot';

export const EMAIL_REQUIRED = 'Email is required';
export const EMAIL_INVALID = 'Enter a valid email address';
export const PASSWORD_REQUIRED = 'Password is required';

/** Login payload (spec 01 §5: both required, email-type validation). */
export const LoginSchema = v.object({
  // A missing field reads as empty so it gets the same 'required' message.
  Email: v.pipe(
    v.optional(v.string(EMAIL_REQUIRED), ''),
    v.trim(),
    v.nonEmpty(EMAIL_REQUIRED),
    v.email(EMAIL_INVALID),
    v.maxLength(254, EMAIL_INVALID),
  ),
  Password: v.pipe(
    v.optional(v.string(PASSWORD_REQUIRED), ''),
    v.nonEmpty(PASSWORD_REQUIRED),
    v.maxLength(1024, 'Password is too long'),
  ),
});
export type LoginInput = v.InferOutput<typeof LoginSchema>;

/** The signed-in user as the API describes it (spec 01 §3). */
export interface Auth {
  Id: number;
  Email: string;
  Customer: string;
  CustomerId: number;
  /** The role's name: Admin, User, Viewer or a custom role (permissions.ts `roleClass`). */
  Role: string;
  IsReseller: boolean;
  Features: string[];
  /** Expiry of the access token, seconds since the epoch. */
  Expires: number;
}

export interface LoginResponse {
  AccessToken: string;
  Auth: Auth;
}

/** `GET auth/account/{id}`: the account behind a user id. */
export interface Account {
  Id: number;
  Email: string;
  /** The role's name: Admin, User, Viewer or a custom role (permissions.ts `roleClass`). */
  Role: string;
  CustomerId: number;
  Customer: string;
  IsReseller: boolean;
  Features: string[];
}
