import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { TACHO_KINDS, type TachoKind } from '@shared/tacho/tacho';
import type {
  TACHO_DRIVER_DOWNLOAD_FILTERS,
  TACHO_MASS_DOWNLOAD_FILTERS,
  TachoFileRow,
} from '@shared/tacho/tacho-lists';
import {
  ListPage,
  useServerList,
  type RowActions,
  type SearchBinding,
  type ServerListSource,
} from '@app/components/list';
import { useSession } from '@app/lib/use-session';
import {
  requestDownloadMutationOptions,
  type RemoteDownloadTarget,
} from '@app/features/tacho/api/tacho-actions';
import { driverDownloadList, massDownloadList } from '@app/features/tacho/api/tacho-lists';
import { tachoAccess } from '@app/features/tacho/model/tacho-access';
import { DOWNLOAD_SCREENS } from '@app/features/tacho/model/tacho-screens';
import { downloadColumns } from './download-columns';
import { DownloadRowActions } from './DownloadRowActions';

const fileKey = (row: TachoFileRow) => row.Id;
const sameTarget = (a: RemoteDownloadTarget | undefined, b: RemoteDownloadTarget | null) =>
  a !== undefined && b !== null && a.kind === b.kind && a.value === b.value;

interface Props<F extends string> {
  kind: TachoKind;
  source: ServerListSource<TachoFileRow, F>;
  binding: SearchBinding<F>;
}

export function MassDownloadPage(
  binding: SearchBinding<(typeof TACHO_MASS_DOWNLOAD_FILTERS)[number]>,
) {
  return (
    <TachoDownloadsPage kind={TACHO_KINDS.vehicle} source={massDownloadList} binding={binding} />
  );
}

export function DriverDownloadPage(
  binding: SearchBinding<(typeof TACHO_DRIVER_DOWNLOAD_FILTERS)[number]>,
) {
  return (
    <TachoDownloadsPage kind={TACHO_KINDS.driver} source={driverDownloadList} binding={binding} />
  );
}

/**
 * Tacho MassMemory Download (/tachomassdownload) and Tacho DriverCard Download
 * (/tachodriverdownload), spec 03 §2: every download of the caller's tree, newest first, searched
 * on the server; per row the file and, for those who may, a remote download request.
 */
function TachoDownloadsPage<F extends string>({ kind, source, binding }: Props<F>) {
  const screen = DOWNLOAD_SCREENS[kind];
  const auth = useSession()?.auth;
  const access = useMemo(() => tachoAccess(auth), [auth]);
  const list = useServerList(source, binding);
  const columns = useMemo(() => downloadColumns(kind, access.customers), [kind, access.customers]);

  const request = useMutation(requestDownloadMutationOptions());
  const { mutate, isPending, variables } = request;
  const rowActions = useMemo<RowActions<TachoFileRow>>(
    () => ({
      width: access.request ? 96 : 52,
      render: (row, layout) => {
        const target = kind === TACHO_KINDS.vehicle ? row.IMEI : row.CardNumber;
        return (
          <DownloadRowActions
            kind={kind}
            row={row}
            onRequest={access.request ? mutate : undefined}
            requesting={isPending && sameTarget(variables, target ? { kind, value: target } : null)}
            withLabel={layout === 'card'}
          />
        );
      },
    }),
    [access.request, kind, mutate, isPending, variables],
  );

  return (
    <ListPage
      title={screen.title}
      wide
      list={list}
      columns={columns}
      rowKey={fileKey}
      noun={screen.noun}
      empty={screen.empty}
      customerFilter={access.customers}
      rowActions={rowActions}
    />
  );
}
