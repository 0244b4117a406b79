import { useSelector } from '@tanstack/react-form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { PASSWORD_KEEP_HINT, PASSWORD_MIN_LENGTH, ProfileSchema } from '@shared/access/users';
import { FormActions, formValues, useAppForm } from '@app/components/form';
import { Card } from '@app/components/ui/Card';
import { FormSkeleton, QueryError } from '@app/components/ui/QueryStates';
import { useCan } from '@app/lib/permissions';
import { accountQueryOptions, saveProfileMutationOptions } from '@app/features/account/api/account';
import {
  credentialsChanged,
  NEW_CREDENTIALS_MESSAGE,
  profileBody,
  profileValues,
} from '@app/features/account/model/profile';

/** Profile (spec 02 "Account page"): the sign-in address and a new password. */
export function ProfileTab({ userId }: { userId: number }) {
  const account = useQuery(accountQueryOptions(userId));
  return (
    <Card title="Sign-in details">
      {account.isPending ? (
        <FormSkeleton label="Loading your profile" fields={3} />
      ) : account.isError ? (
        <QueryError title="Your profile could not be loaded" query={account} />
      ) : (
        <ProfileForm key={account.data.Email} userId={userId} email={account.data.Email} />
      )}
    </Card>
  );
}

/**
 * A save changes the credentials, so it ends with the spec's alert and the logout route: the
 * user signs in again with what was saved. Viewers see the values but no Save (spec 02 §6).
 */
function ProfileForm({ userId, email }: { userId: number; email: string }) {
  const mayEdit = useCan('account.update');
  const save = useMutation(saveProfileMutationOptions());
  const navigate = useNavigate();
  const form = useAppForm({
    defaultValues: formValues(ProfileSchema, profileValues(email)),
    validators: { onChange: ProfileSchema },
    onSubmit: async ({ value }) => {
      await save.mutateAsync({ userId, body: profileBody(value) });
      window.alert(NEW_CREDENTIALS_MESSAGE);
      await navigate({ to: '/logout' });
    },
  });
  const changed = useSelector(form.store, (state) => credentialsChanged(state.values, email));
  const locked = !mayEdit;

  return (
    <form.AppForm>
      <form.Form aria-label="Profile" className="grid max-w-xl gap-5">
        <form.AppField name="email">
          {(field) => (
            <field.Text label="Email" type="email" autoComplete="email" disabled={locked} />
          )}
        </form.AppField>
        <form.AppField name="password">
          {(field) => (
            <field.Text
              label="New password"
              type="password"
              autoComplete="new-password"
              hint={`${PASSWORD_KEEP_HINT}. At least ${String(PASSWORD_MIN_LENGTH)} characters.`}
              disabled={locked}
            />
          )}
        </form.AppField>
        <form.AppField name="passwordConf">
          {(field) => (
            <field.Text
              label="Confirm new password"
              type="password"
              autoComplete="new-password"
              disabled={locked}
            />
          )}
        </form.AppField>
        <FormActions
          note={
            locked
              ? 'Viewers have read-only access.'
              : changed
                ? 'After saving, you sign in again with your new credentials.'
                : undefined
          }
        >
          {mayEdit && <form.SubmitButton disabled={!changed} />}
        </FormActions>
      </form.Form>
    </form.AppForm>
  );
}
