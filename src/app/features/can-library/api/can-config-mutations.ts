import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { toast } from '@app/lib/toast';
import { apiPaths } from '@shared/api/api-paths';
import { libraryApiPaths } from '@shared/libraries/api-paths-libraries';
import {
  canConfigSaved,
  type CanConfig,
  type CanConfigFields,
} from '@shared/libraries/can-library';
import { api } from '@app/lib/api-client';
import { putById } from '@app/lib/list-cache';
import { canConfigBody } from '@app/features/can-library/model/can-config-form';
import { canLibraryKeys } from './can-configs';

export interface SaveCanConfigVariables {
  /** The entry to update; none for 'New QTLibrary'. */
  id?: number | undefined;
  fields: CanConfigFields;
  /** The configuration file; null on an update that keeps the stored one. */
  file: File | null;
}

/**
 * The saved entry takes its place in the list (spec 03 §4), and the device page's Protocol
 * Code selects, which offer the active entries, load again.
 */
function entrySaved(client: QueryClient, entry: CanConfig) {
  client.setQueryData<CanConfig[]>(canLibraryKeys.list(), (rows) => putById(rows, entry));
  return client.invalidateQueries({ queryKey: canLibraryKeys.active() });
}

/**
 * `POST canconfig/` or `PUT canconfig/{id}` as multipart (the file in the part `Config`). A 400's
 * `{ errors }` (a taken protocol, a file the server refuses) lands on the form's fields.
 */
export const saveCanConfigMutationOptions = () =>
  mutationOptions({
    mutationKey: canLibraryKeys.write(),
    mutationFn: ({ id, fields, file }: SaveCanConfigVariables) => {
      const body = canConfigBody(fields, file, id);
      return id === undefined
        ? api.post<CanConfig>(apiPaths.canConfigs, body)
        : api.put<CanConfig>(libraryApiPaths.canConfig(id), body);
    },
    onSuccess: (entry, _variables, _result, { client }) => {
      toast.success(canConfigSaved(entry.Name));
      return entrySaved(client, entry);
    },
  });
