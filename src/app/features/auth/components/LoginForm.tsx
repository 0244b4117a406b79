import { revalidateLogic, useForm, useSelector } from '@tanstack/react-form';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import * as v from 'valibot';
import { LoginSchema, type LoginResponse } from '../../../../shared/auth';
import { toFieldErrors } from '../../../../shared/validation';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import { useBusy } from '../../../lib/busy';
import { saveSession } from '../../../lib/session';
import { loginMutationOptions } from '../api/login';

const firstMessage = (errors: readonly unknown[]): string | undefined =>
  errors.find((error): error is string => typeof error === 'string');

export function LoginForm({ onSignedIn }: { onSignedIn: (login: LoginResponse) => void }) {
  const busy = useBusy();
  const mutation = useMutation({
    ...loginMutationOptions(),
    onSuccess: (login) => {
      saveSession(login);
      toast.success(`Welcome ${login.Auth.Customer}`);
      onSignedIn(login);
    },
  });

  const form = useForm({
    defaultValues: { Email: '', Password: '' },
    // Quiet until a field is left, then live after the first submit.
    validationLogic: revalidateLogic({ mode: 'blur', modeAfterSubmission: 'change' }),
    validators: {
      onDynamic: ({ value }) => {
        const result = v.safeParse(LoginSchema, value);
        return result.success ? undefined : { fields: toFieldErrors(result.issues) };
      },
    },
    onSubmit: async ({ value }) => {
      // The api client has already toasted a failure; the form only shows it inline.
      await mutation.mutateAsync(v.parse(LoginSchema, value)).catch(() => undefined);
    },
  });

  // Field messages wait for a field to be left, or for the first submit.
  const submitted = useSelector(form.store, (state) => state.submissionAttempts > 0);
  const errorOf = (meta: { isBlurred: boolean; errors: readonly unknown[] }) =>
    meta.isBlurred || submitted ? firstMessage(meta.errors) : undefined;

  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <form.Field name="Email">
        {(field) => (
          <TextField
            label="Email"
            type="email"
            name={field.name}
            autoComplete="username"
            inputMode="email"
            required
            value={field.state.value}
            onChange={(e) => {
              field.handleChange(e.target.value);
            }}
            onBlur={field.handleBlur}
            error={errorOf(field.state.meta)}
          />
        )}
      </form.Field>
      <form.Field name="Password">
        {(field) => (
          <TextField
            label="Password"
            type="password"
            name={field.name}
            autoComplete="current-password"
            required
            value={field.state.value}
            onChange={(e) => {
              field.handleChange(e.target.value);
            }}
            onBlur={field.handleBlur}
            error={errorOf(field.state.meta)}
          />
        )}
      </form.Field>
      {mutation.isError && (
        <p
          role="alert"
          className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800 ring-1 ring-rose-200"
        >
          {mutation.error.message}
        </p>
      )}
      <Button
        type="submit"
        size="lg"
        disabled={busy}
        loading={mutation.isPending}
        className="w-full"
      >
        Log In
      </Button>
    </form>
  );
}
