import type { Auth } from '@shared/access/auth';
import { can } from '@shared/access/permissions';
import { barEntries, type MenuEntry } from '@app/features/navigation/menu';
import { AccountSummary, Avatar } from './AccountSummary';
import { NavDropdown } from './NavDropdown';
import { OutboxTopLink } from './OutboxLink';
import { TopLink } from './TopLink';

/**
 * The top bar (lg and up): links and Headless UI dropdowns, the library screens grouped, Outbox
 * and Account pinned to the right. It fits an admin's menu from 1024 px (tests/e2e/frame.test.ts).
 */
export function DesktopNav({ entries, auth }: { entries: MenuEntry[]; auth: Auth }) {
  // Viewers change nothing, so they have nothing to queue.
  const writer = can(auth, 'devices.write');
  return (
    <nav aria-label="Main" className="hidden min-w-0 flex-1 items-center gap-0.5 lg:flex">
      {barEntries(entries).map((entry) => {
        if (entry.kind === 'link') return <TopLink key={entry.label} entry={entry} />;
        if (entry.label !== 'Account') return <NavDropdown key={entry.label} entry={entry} />;
        return (
          <div key={entry.label} className="ml-auto flex shrink-0 items-center gap-0.5">
            {writer && <OutboxTopLink />}
            <NavDropdown
              entry={entry}
              align="end"
              header={<AccountSummary auth={auth} />}
              button={
                <>
                  <Avatar email={auth.Email} />
                  <span className="sr-only xl:not-sr-only">Account</span>
                </>
              }
            />
          </div>
        );
      })}
    </nav>
  );
}
