import type { Auth } from '@shared/access/auth';
import type { MenuEntry } from '@app/features/navigation/menu';
import { DesktopNav } from './DesktopNav';
import { MobileNav } from './MobileNav';

/** Default export for React.lazy: the dropdowns and drawer only load once someone signs in. */
export default function SignedInNav({ entries, auth }: { entries: MenuEntry[]; auth: Auth }) {
  return (
    <>
      <DesktopNav entries={entries} auth={auth} />
      <MobileNav entries={entries} auth={auth} />
    </>
  );
}
