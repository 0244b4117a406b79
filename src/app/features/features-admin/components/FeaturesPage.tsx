import { useMemo } from 'react';
import type { NamedEntity } from '@shared/access/names';
import { ListPage, RowIconButton, type RowActions, type SearchBinding } from '@app/components/list';
import { TrashIcon } from '@app/components/ui/icons';
import { useNamedScreen, type NameFilter } from '@app/features/named-entities';
import { featureResource } from '@app/features/features-admin/api/features';

/** /features (admins): search on Name, refresh, 'New Feature', and delete after a confirmation. */
export function FeaturesPage(binding: SearchBinding<NameFilter>) {
  const screen = useNamedScreen(featureResource, binding, 'features.manage');
  const { askRemove } = screen;
  // Stable, for the memoised rows.
  const rowActions = useMemo<RowActions<NamedEntity> | undefined>(
    () =>
      askRemove && {
        render: (feature, layout) => (
          <RowIconButton
            icon={TrashIcon}
            tone="danger"
            label={layout === 'card' ? 'Delete' : `Delete ${feature.Name}`}
            withLabel={layout === 'card'}
            onClick={() => {
              askRemove(feature);
            }}
          />
        ),
      },
    [askRemove],
  );

  return (
    <ListPage
      title="Features"
      description="UsedBy counts the customers that have the feature; only unused ones can be deleted."
      {...screen.page}
      rowActions={rowActions}
    >
      {screen.dialogs}
    </ListPage>
  );
}
