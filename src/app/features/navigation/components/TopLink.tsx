import { Link } from '@tanstack/react-router';
import type { MenuLink } from '@app/features/navigation/menu';
import { activeEntryClass, topEntryClass } from './nav-styles';

export function TopLink({ entry, className = '' }: { entry: MenuLink; className?: string }) {
  return (
    <Link
      to={entry.to}
      data-menu={entry.label}
      className={`${topEntryClass} ${className}`}
      activeProps={{ className: activeEntryClass }}
      activeOptions={{ exact: true }}
    >
      {entry.label}
    </Link>
  );
}
