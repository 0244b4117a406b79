import { lazy, Suspense } from 'react';
import { useSession } from '@app/lib/use-session';
import { menuFor } from '@app/features/navigation/menu';
import { MenuIcon } from '@app/components/ui/icons';
import { TopLink } from './TopLink';

// Headless UI's Menu, Dialog and their positioning code stay out of the sign-in page's bundle.
const SignedInNav = lazy(() => import('./SignedInNav'));

export function MainNav() {
  const auth = useSession()?.auth ?? null;
  const entries = menuFor(auth);

  if (!auth) {
    // Signed out there is only the Login link: no hamburger needed at any width.
    return (
      <nav aria-label="Main" className="ml-auto flex items-center">
        {entries.map(
          (entry) => entry.kind === 'link' && <TopLink key={entry.label} entry={entry} />,
        )}
      </nav>
    );
  }
  return (
    <Suspense fallback={<NavPlaceholder />}>
      <SignedInNav entries={entries} auth={auth} />
    </Suspense>
  );
}

/** Holds the hamburger's place while the signed-in navigation loads, so nothing jumps. */
function NavPlaceholder() {
  return (
    <div
      aria-hidden="true"
      className="ml-auto grid size-11 place-items-center text-slate-500 lg:hidden"
    >
      <MenuIcon className="size-6" />
    </div>
  );
}
