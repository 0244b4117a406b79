import { lazy, Suspense, useMemo, useState } from 'react';
import type { CustomTestData } from '@shared/libraries/custom-test-data';
import { ListPage, useClientList, type RowActions, type SearchBinding } from '@app/components/list';
import { RowIconButton } from '@app/components/list/table';
import { Button } from '@app/components/ui/Button';
import { TrashIcon } from '@app/components/ui/icons';
import { useCan } from '@app/lib/permissions';
import { customTestDataQueryOptions } from '@app/features/custom-test-data/api/custom-test-data';
import type { CustomTestDataFilter } from '@app/features/custom-test-data/model/custom-test-data-list-url';
import { CUSTOM_TEST_DATA_SEARCH_FIELDS } from '@app/features/custom-test-data/model/upload-form';
import { CUSTOM_TEST_DATA_COLUMNS } from './custom-test-data-columns';
import { UploadIcon } from './icons';
import { RemoveTestDataDialog } from './RemoveTestDataDialog';

// The form kit loads with the dialog, not with the list.
const UploadTestDataDialog = lazy(() =>
  import('./UploadTestDataDialog').then((m) => ({ default: m.UploadTestDataDialog })),
);

const fileKey = (file: CustomTestData) => file.Id;
const NOUN = { one: 'file', many: 'files' };
const EMPTY = {
  title: 'No Custom Test Data',
  text: 'Test data files for your customers show here once they are uploaded.',
};

/**
 * /CustomTestDataPage (spec 03 "Custom Test Data"): the files of the caller's tree, searched in
 * the browser on Customer or FileName, sortable, each with its download. Admins upload files
 * for a customer and remove them.
 */
export function CustomTestDataPage(binding: SearchBinding<CustomTestDataFilter>) {
  const mayManage = useCan('customTestData.manage');
  const list = useClientList(customTestDataQueryOptions(), {
    ...binding,
    fields: CUSTOM_TEST_DATA_SEARCH_FIELDS,
  });
  const [uploading, setUploading] = useState(false);
  const [removing, setRemoving] = useState<CustomTestData | null>(null);

  const rowActions = useMemo<RowActions<CustomTestData> | undefined>(
    () =>
      mayManage
        ? {
            width: 64,
            render: (file, layout) => (
              <RowIconButton
                icon={TrashIcon}
                tone="danger"
                label={layout === 'card' ? 'Remove' : `Remove ${file.FileName} of ${file.Customer}`}
                title="Remove"
                withLabel={layout === 'card'}
                onClick={() => {
                  setRemoving(file);
                }}
              />
            ),
          }
        : undefined,
    [mayManage],
  );

  return (
    <ListPage
      title="Custom Test Data"
      actions={
        mayManage && (
          <Button
            onClick={() => {
              setUploading(true);
            }}
          >
            <UploadIcon className="size-4" />
            Upload test data
          </Button>
        )
      }
      list={list}
      columns={CUSTOM_TEST_DATA_COLUMNS}
      rowKey={fileKey}
      noun={NOUN}
      empty={EMPTY}
      rowActions={rowActions}
    >
      <Suspense fallback={null}>
        {uploading && (
          <UploadTestDataDialog
            onClose={() => {
              setUploading(false);
            }}
          />
        )}
      </Suspense>
      <RemoveTestDataDialog
        file={removing}
        onClose={() => {
          setRemoving(null);
        }}
      />
    </ListPage>
  );
}
