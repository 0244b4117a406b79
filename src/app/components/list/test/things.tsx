import { QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createQueryClient } from '@app/lib/query-client';
import type { ListColumn } from '@app/components/list/columns';
import type { ListController } from '@app/components/list/list-controller';
import { ListPage, type ListPageProps } from '@app/components/list/ListPage';
import { RowIconButton } from '@app/components/list/RowIconButton';
import { useClientList } from '@app/components/list/use-client-list';
import { useListSearchState } from '@app/components/list/use-list-search-state';
import { PencilIcon } from '@app/components/ui/icons';

/** A row of the kit's test screens. */
export interface Thing {
  Id: number;
  Name: string;
  Country: string | null;
}

export const things: Thing[] = [
  { Id: 1, Name: 'Vega Logistics', Country: 'NL' },
  { Id: 2, Name: 'Atlas Freight', Country: 'DK' },
  { Id: 3, Name: 'Hansen Transport', Country: null },
];

export const thingColumns: ListColumn<Thing>[] = [
  { id: 'name', header: 'Name', text: (t) => t.Name, sortable: true, card: 'title' },
  { id: 'country', header: 'Country', text: (t) => t.Country, sortable: true },
  { id: 'id', header: 'Id', width: 64, text: (t) => t.Id, card: 'hidden' },
];

const FIELDS = { Name: (t: Thing) => t.Name, Country: (t: Thing) => t.Country };

const thingKey = (t: Thing) => t.Id;

/** The page of the kit's test screens, over a list of things from either kind of source. */
export function ThingsPage({
  list,
  ...props
}: { list: ListController<Thing, ThingFilter> } & Partial<ListPageProps<Thing, ThingFilter>>) {
  return (
    <ListPage
      title="Things"
      list={list}
      columns={thingColumns}
      rowKey={thingKey}
      noun={{ one: 'thing', many: 'things' }}
      empty={{ title: 'No things found', text: 'Nothing has been made yet.' }}
      {...props}
    />
  );
}

export type ThingFilter = keyof typeof FIELDS;

/** A client-side list screen as an admin screen would write it, over `load`. */
function ThingsScreen({
  load,
  onEdit,
}: {
  load: () => Promise<Thing[]>;
  onEdit: (t: Thing) => void;
}) {
  const list = useClientList(queryOptions({ queryKey: ['things'], queryFn: load }), {
    ...useListSearchState<ThingFilter>('Name'),
    fields: FIELDS,
  });
  return (
    <ThingsPage
      list={list}
      rowActions={{
        render: (t, layout) => (
          <RowIconButton
            icon={PencilIcon}
            label={`Edit ${t.Name}`}
            withLabel={layout === 'card'}
            onClick={() => {
              onEdit(t);
            }}
          />
        ),
      }}
    />
  );
}

export function renderThings(
  load: () => Promise<Thing[]>,
  onEdit: (t: Thing) => void = () => undefined,
) {
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <ThingsScreen load={load} onEdit={onEdit} />
    </QueryClientProvider>,
  );
  return client;
}
