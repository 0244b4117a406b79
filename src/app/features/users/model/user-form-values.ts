/**
 * The values of the Add User and Update User forms: one shape both schemas' inputs fit, so one
 * dialog takes either schema as its rules (they differ in whether a password is required).
 */
export interface UserFormValues {
  customerId?: number | undefined;
  email?: string | undefined;
  password?: string | undefined;
  passwordConf?: string | undefined;
  roleId?: number | undefined;
}
