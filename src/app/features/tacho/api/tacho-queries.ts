import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { tachoApiPaths } from '@shared/tacho/api-paths-tacho';
import { TACHO_KINDS, type TachoKind } from '@shared/tacho/tacho';
import { TachoPanelFilesSchema, TachoStateGraphSchema } from '@shared/tacho/tacho-schemas';
import { api } from '@app/lib/api-client';
import { rangeQuery, type PanelRange } from '@app/features/tacho/model/panel-range';
import { tachoKeys } from './tacho-keys';

/**
 * The overviews' side panel (spec 03 §2, §7): `GET tachoobject/{plates}` or
 * `tachodriver/{names}` with `?from=&to=`, the selected subjects' files in the range.
 */
export const panelFilesQueryOptions = (
  kind: TachoKind,
  names: readonly string[],
  range: PanelRange,
) => {
  const { from, to } = rangeQuery(range);
  return queryOptions({
    queryKey: tachoKeys.panel(kind, names, from, to),
    queryFn: async ({ signal }) => {
      const base =
        kind === TACHO_KINDS.vehicle
          ? tachoApiPaths.tachoObjectFiles(names)
          : tachoApiPaths.tachoDriverFiles(names);
      const path = `${base}?${new URLSearchParams({ from, to }).toString()}`;
      return v.parse(TachoPanelFilesSchema, await api.get<unknown>(path, { signal }));
    },
    enabled: names.length > 0,
  });
};

/** State Graph (`GET rtddata/stategraph`): the caller's vehicles and drivers by law and by RDL. */
export const stateGraphQueryOptions = () =>
  queryOptions({
    queryKey: tachoKeys.stateGraph(),
    queryFn: async ({ signal }) =>
      v.parse(
        TachoStateGraphSchema,
        await api.get<unknown>(tachoApiPaths.tachoStateGraph, { signal }),
      ),
  });
