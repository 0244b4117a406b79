import { TACHO_KINDS, type TachoKind } from '@shared/tacho/tacho';
import type { TachoFileRow } from '@shared/tacho/tacho-lists';
import { RowIconButton } from '@app/components/list/table';
import {
  downloadTachoFile,
  type RemoteDownloadTarget,
} from '@app/features/tacho/api/tacho-actions';
import { DownloadIcon, RemoteRequestIcon } from './tacho-icons';

type FileRecord = Pick<
  TachoFileRow,
  'FileName' | 'LicensePlate' | 'Name' | 'IMEI' | 'CardNumber'
> & { Id: number };

/** What a request for this row asks: the vehicle's device (IMEI) or the driver's card. */
export function requestTarget(kind: TachoKind, row: FileRecord): RemoteDownloadTarget | null {
  const value = kind === TACHO_KINDS.vehicle ? row.IMEI : row.CardNumber;
  return value ? { kind, value } : null;
}

/** The row's subject in a button's name: its plate or driver, else its file. */
const subjectOf = (kind: TachoKind, row: FileRecord) =>
  (kind === TACHO_KINDS.vehicle ? row.LicensePlate : row.Name) ?? row.FileName;

interface Props {
  kind: TachoKind;
  row: FileRecord;
  /** Absent for those who may not request (Viewers, no tacho.request). */
  onRequest?: ((target: RemoteDownloadTarget) => void) | undefined;
  /** A request for this row is on its way. */
  requesting?: boolean;
  withLabel: boolean;
}

/** Download the file (`GET rtddata/{fileId}`), and ask for a new remote download. */
export function DownloadRowActions({ kind, row, onRequest, requesting = false, withLabel }: Props) {
  const subject = subjectOf(kind, row);
  const target = requestTarget(kind, row);
  const requestLabel =
    kind === TACHO_KINDS.vehicle ? 'Request mass download' : 'Request card download';
  return (
    <span className="inline-flex gap-1">
      <RowIconButton
        icon={DownloadIcon}
        label={withLabel ? 'Download' : `Download ${row.FileName}`}
        title={`Download ${row.FileName}`}
        withLabel={withLabel}
        onClick={() => {
          void downloadTachoFile(row);
        }}
      />
      {onRequest && (
        <RowIconButton
          icon={RemoteRequestIcon}
          label={withLabel ? 'Request' : `${requestLabel} of ${subject}`}
          title={
            target === null
              ? kind === TACHO_KINDS.vehicle
                ? 'No device (IMEI) known for this download'
                : 'No card number known for this download'
              : requesting
                ? 'Requesting…'
                : `${requestLabel} of ${subject}`
          }
          disabled={target === null || requesting}
          withLabel={withLabel}
          onClick={() => {
            if (target) onRequest(target);
          }}
        />
      )}
    </span>
  );
}
