import { mutationOptions, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { toast } from '@app/lib/toast';
import type { NamedCreateInput, NamedEntity, NamedKind } from '@shared/access/names';
import type { EmptyText, Noun } from '@app/components/list';
import { api } from '@app/lib/api-client';

/** What a screen says about its things (spec 02 §8 toasts, §2 confirmations), word for word. */
export interface NamedTexts {
  /** 'Role': the 'New Role' button and dialog. */
  noun: string;
  /** The result count's words ('3 roles'). */
  count: Noun;
  /** What UsedBy counts ('4 users'), for its cells' tooltip. */
  usedBy: Noun;
  /** The empty list ('No roles found'). */
  empty: EmptyText;
  created: (name: string) => string;
  removed: string;
  confirmRemove: string;
}

/**
 * Roles and features: lists of names that admins create and remove (spec 02 "Features page",
 * "Roles page"). The list query is the resource's lookup, shared with every select of it.
 */
export interface NamedResource<K extends QueryKey = QueryKey> {
  kind: NamedKind;
  query: () => UseQueryOptions<NamedEntity[], Error, NamedEntity[], K>;
  /** Invalidated after a change: the screen and every select showing the resource. */
  allKey: QueryKey;
  /** `roles/`, and `roles/{id}`. */
  listPath: string;
  itemPath: (id: number) => string;
  texts: NamedTexts;
}

const byName = (a: NamedEntity, b: NamedEntity) => a.Name.localeCompare(b.Name);

/** `POST {listPath}` with `{ name }`: the created thing joins the cached list at once. */
export const createNamedMutationOptions = <K extends QueryKey>(resource: NamedResource<K>) =>
  mutationOptions({
    mutationKey: [...resource.allKey, 'create'],
    mutationFn: (body: NamedCreateInput) => api.post<NamedEntity>(resource.listPath, body),
    onSuccess: (created, _body, _result, { client }) => {
      toast.success(resource.texts.created(created.Name));
      client.setQueryData<NamedEntity[]>(resource.query().queryKey, (rows) =>
        rows ? [...rows.filter((r) => r.Id !== created.Id), created].sort(byName) : rows,
      );
      // Not awaited: the dialog closes now, the lists catch up in the background.
      void client.invalidateQueries({ queryKey: resource.allKey });
    },
  });

/**
 * `DELETE {itemPath}`: the server refuses what is in use (and built-in roles) with a 400 whose
 * message the api client toasts; on success the row leaves the cached list at once.
 */
export const removeNamedMutationOptions = <K extends QueryKey>(resource: NamedResource<K>) =>
  mutationOptions({
    mutationKey: [...resource.allKey, 'remove'],
    mutationFn: (row: NamedEntity) => api.delete<NamedEntity>(resource.itemPath(row.Id)),
    onSuccess: (_removed, row, _result, { client }) => {
      toast.success(resource.texts.removed);
      client.setQueryData<NamedEntity[]>(resource.query().queryKey, (rows) =>
        rows?.filter((r) => r.Id !== row.Id),
      );
      void client.invalidateQueries({ queryKey: resource.allKey });
    },
  });
