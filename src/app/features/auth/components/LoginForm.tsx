import { useMutation } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { toast } from '@app/lib/toast';
import * as v from 'valibot';
import { LoginSchema, type LoginResponse } from '@shared/access/auth';
import { toFieldErrors } from '@shared/api/validation';
import { Button } from '@app/components/ui/Button';
import { TextField } from '@app/components/ui/TextField';
import { useBusy } from '@app/lib/busy';
import { saveSession } from '@app/lib/session';
import { loginMutationOptions } from '@app/features/auth/api/login';
import { forgetPendingLogout } from '@app/features/auth/api/logout';

type LoginField = 'Email' | 'Password';
type LoginValues = Record<LoginField, string>;

/**
 * The sign-in form keeps its two fields in React state rather than TanStack Form (every other
 * form uses it): this page is every visit's first, and the form library alone is ~15 KiB of its
 * JavaScript (decision 022). Same rules: the shared schema, messages once a field is left or after
 * the first submit.
 */
export function LoginForm({ onSignedIn }: { onSignedIn: (login: LoginResponse) => void }) {
  const busy = useBusy();
  const mutation = useMutation({
    ...loginMutationOptions(),
    onSuccess: (login) => {
      forgetPendingLogout();
      saveSession(login);
      toast.success(`Welcome ${login.Auth.Customer}`);
      onSignedIn(login);
    },
  });

  const [values, setValues] = useState<LoginValues>({ Email: '', Password: '' });
  const [left, setLeft] = useState<Partial<Record<LoginField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const parsed = v.safeParse(LoginSchema, values);
  const errors = parsed.success ? {} : toFieldErrors(parsed.issues);
  const errorOf = (name: LoginField) => (left[name] || submitted ? errors[name] : undefined);

  const fieldProps = (name: LoginField) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
    },
    onBlur: () => {
      setLeft((current) => ({ ...current, [name]: true }));
    },
    error: errorOf(name),
  });

  const submit = () => {
    setSubmitted(true);
    // The api client has already toasted a failure; the form only shows it inline.
    if (parsed.success) void mutation.mutateAsync(parsed.output).catch(() => undefined);
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <TextField
        label="Email"
        type="email"
        autoComplete="username"
        inputMode="email"
        required
        {...fieldProps('Email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        {...fieldProps('Password')}
      />
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
