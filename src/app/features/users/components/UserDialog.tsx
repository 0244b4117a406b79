import { useMutation, useQuery } from '@tanstack/react-query';
import type * as v from 'valibot';
import {
  PASSWORD_KEEP_HINT,
  USER_TOOLTIP,
  UserCreateFormSchema,
  UserUpdateSchema,
  type User,
} from '@shared/access/users';
import { FormDialog, useAppForm } from '@app/components/form';
import { rolesQueryOptions } from '@app/lib/lookups';
import { useSession } from '@app/lib/use-session';
import {
  createUserMutationOptions,
  updateUserMutationOptions,
} from '@app/features/users/api/users';
import {
  createUserValues,
  roleOptions,
  updateUserBody,
  updateUserValues,
} from '@app/features/users/model/user-form';
import type { UserFormValues } from '@app/features/users/model/user-form-values';

const LOADING = { value: undefined, label: 'Loading…' };

interface UserDialogProps {
  customerId: number;
  /** The user to update; none for Add User. */
  user?: User | undefined;
  onClose: () => void;
}

/**
 * Add User / Update User (spec 02 §5): email, password and its confirmation, role. Updating,
 * a blank password keeps the current one. Mount it per opening.
 */
export function UserDialog({ customerId, user, onClose }: UserDialogProps) {
  const auth = useSession()?.auth;
  const roles = useQuery(rolesQueryOptions());
  const create = useMutation(createUserMutationOptions());
  const update = useMutation(updateUserMutationOptions());
  const defaultValues: UserFormValues = user
    ? updateUserValues(user)
    : createUserValues(customerId);
  // One type for either schema: both take these values.
  const rules: v.GenericSchema<UserFormValues, unknown> = user
    ? UserUpdateSchema
    : UserCreateFormSchema;
  const form = useAppForm({
    defaultValues,
    validators: { onChange: rules },
    onSubmit: async ({ value }) => {
      if (user) await update.mutateAsync({ id: user.Id, body: updateUserBody(value) });
      else await create.mutateAsync(value);
      onClose();
    },
  });
  return (
    <FormDialog form={form} title={user ? 'Update User' : 'Add User'} onClose={onClose}>
      <div className="grid gap-5">
        <form.AppField name="email">
          {(field) => (
            <field.Text
              label="Email"
              type="email"
              autoFocus
              autoComplete="off"
              tooltip={USER_TOOLTIP}
            />
          )}
        </form.AppField>
        <form.AppField name="password">
          {(field) => (
            <field.Text
              label="Password"
              type="password"
              autoComplete="new-password"
              hint={user ? PASSWORD_KEEP_HINT : undefined}
            />
          )}
        </form.AppField>
        <form.AppField name="passwordConf">
          {(field) => (
            <field.Text label="Password confirmation" type="password" autoComplete="new-password" />
          )}
        </form.AppField>
        <form.AppField name="roleId">
          {(field) => (
            <field.Select
              label="Role"
              disabled={roles.isPending}
              options={
                roles.isPending
                  ? [user ? { value: user.RoleId, label: user.Role } : LOADING]
                  : roleOptions(roles.data ?? [], auth)
              }
            />
          )}
        </form.AppField>
      </div>
    </FormDialog>
  );
}
