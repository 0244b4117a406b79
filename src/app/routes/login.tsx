import { createFileRoute, redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { LoginPage } from '@app/features/auth/components/LoginPage';
import { readSession } from '@app/lib/session';

export const Route = createFileRoute('/login')({
  // The entry page: bundled with the app, not fetched after it, so it paints one round trip sooner.
  codeSplitGroupings: [],
  // Where to go after sign-in; anything odd in the address is dropped rather than an error.
  validateSearch: v.object({ redirect: v.fallback(v.optional(v.string()), undefined) }),
  // Signed in, even with an expired access token (the app renews it, or keeps it offline).
  beforeLoad: () => {
    if (readSession()) throw redirect({ to: '/' });
  },
  component: LoginPage,
});
