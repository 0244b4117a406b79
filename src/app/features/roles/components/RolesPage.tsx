import { useMemo } from 'react';
import type { NamedEntity } from '@shared/access/names';
import { ListPage, type SearchBinding } from '@app/components/list';
import { useNamedScreen, type NameFilter } from '@app/features/named-entities';
import { roleResource } from '@app/features/roles/api/roles';
import { useRowMenu, type RowMenuChoice } from '@app/features/roles/row-menu/use-row-menu';

const roleKey = (role: NamedEntity) => role.Id;
const menuLabel = (role: NamedEntity) => `Actions for ${role.Name}`;
const CANCEL: RowMenuChoice<NamedEntity> = { label: 'Cancel', onSelect: () => undefined };

/**
 * /roles (admins): search on Name, 'New Role', and a context menu on each row (right-click, the
 * keyboard, a long press, or its ⋯ button) with 'Remove role' and Cancel (spec 02 "Roles page").
 */
export function RolesPage(binding: SearchBinding<NameFilter>) {
  const screen = useNamedScreen(roleResource, binding, 'roles.manage');
  const { askRemove } = screen;
  const choices = useMemo(
    () =>
      askRemove
        ? [{ label: 'Remove role', tone: 'danger' as const, onSelect: askRemove }, CANCEL]
        : [],
    [askRemove],
  );
  const rowMenu = useRowMenu({
    rows: screen.page.list.rows,
    rowKey: roleKey,
    label: menuLabel,
    choices,
  });

  return (
    <div
      {...rowMenu.containerProps}
      // On touch screens a long press opens the menu: no text selection or callout under it.
      className="flex flex-1 flex-col pointer-coarse:[&_article]:select-none pointer-coarse:[&_tbody]:select-none [&_article]:[-webkit-touch-callout:none] [&_tbody]:[-webkit-touch-callout:none]"
    >
      <ListPage
        title="Roles"
        description="UsedBy counts the users with the role. Right-click a row, long-press it or use its ⋯ button for its actions."
        {...screen.page}
        rowActions={askRemove && rowMenu.rowActions}
      >
        {screen.dialogs}
        {rowMenu.menu}
      </ListPage>
    </div>
  );
}
