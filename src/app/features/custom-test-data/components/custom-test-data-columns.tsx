import type { CustomTestData } from '@shared/libraries/custom-test-data';
import { fileLabel } from '@app/components/form/file-size';
import type { ListColumn } from '@app/components/list';
import { RowIconButton } from '@app/components/list/table';
import { downloadCustomTestData } from '@app/features/custom-test-data/api/custom-test-data';
import { DownloadIcon } from './icons';

/** The Download File cell: a button saving the file under its FileName. */
function DownloadButton({ file }: { file: CustomTestData }) {
  return (
    <RowIconButton
      icon={DownloadIcon}
      label={`Download ${file.FileName}`}
      title={`Download ${fileLabel(file.FileName, file.Size)}`}
      onClick={() => {
        void downloadCustomTestData(file);
      }}
    />
  );
}

/** Spec 03 "Custom Test Data": Customer, FileName (sortable) and a Download File cell. */
export const CUSTOM_TEST_DATA_COLUMNS: readonly ListColumn<CustomTestData>[] = [
  {
    id: 'customer',
    header: 'Customer',
    card: 'title',
    sortable: true,
    text: (file) => file.Customer,
  },
  {
    id: 'fileName',
    header: 'FileName',
    // A whole line of the phone card in the smaller type: long file names show whole.
    card: 'wide',
    sortable: true,
    minWidth: 200,
    text: (file) => file.FileName,
  },
  {
    id: 'download',
    header: 'Download File',
    width: 136,
    card: 'badge',
    cell: (file) => <DownloadButton file={file} />,
  },
];
