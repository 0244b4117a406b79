import { Field, Input, Label } from '@headlessui/react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { customersQueryOptions } from '@app/lib/lookups';
import { RefreshButton } from '@app/components/ui/RefreshButton';
import { SearchIcon } from '@app/components/ui/icons';
import type { ListController } from './list-controller';
import { ListSelect } from './ListSelect';
import { MIN_SEARCH_LENGTH } from './search-rules';

interface ListToolbarProps<F extends string> {
  list: ListController<unknown, F>;
  /** Offers the customer filter (spec 02: devices, forwards, authentication servers). */
  customerFilter: boolean;
  placeholder?: string | undefined;
  searchAction?: ReactNode;
}

const ALL_CUSTOMERS = '';

/** Filter, search text, customer filter and Refresh (spec 02 "Common list behaviour"). */
export function ListToolbar<F extends string>({
  list,
  customerFilter,
  placeholder,
  searchAction,
}: ListToolbarProps<F>) {
  const choose = list.filters.length > 1;
  const refresh = (
    <RefreshButton
      onRefresh={list.refresh}
      refreshing={false}
      compactOnPhones
      title="Clear the search and load the list again"
      className="shrink-0 px-3 sm:px-4 @4xl:ml-auto"
    />
  );
  // One row from 896 px of the list's own width, not the window's: a list beside a panel (the
  // tacho overviews) stacks its search and customer filter rather than squeeze the filter.
  return (
    <div role="search" className="@container">
      <div className="flex flex-col gap-3 @4xl:flex-row">
        <div className="flex gap-2 @4xl:max-w-[40rem] @4xl:flex-[3] @4xl:gap-3">
          {choose && (
            <ListSelect
              label="Search by"
              className="w-32 shrink-0 sm:w-44"
              value={list.search.filter}
              onChange={(value) => {
                list.setFilter(value as F);
              }}
            >
              {list.filters.map((f) => (
                <option key={f} value={f}>
                  {f}
                </option>
              ))}
            </ListSelect>
          )}
          <Field className="relative min-w-0 flex-1">
            <Label className="sr-only">Search text</Label>
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4.5 -translate-y-1/2 text-slate-500" />
            <Input
              type="search"
              value={list.text}
              placeholder={placeholder ?? (choose ? `Search ${list.search.filter}…` : 'Search…')}
              autoComplete="off"
              spellCheck={false}
              onChange={(e) => {
                list.setText(e.target.value);
              }}
              className="block h-11 w-full rounded-lg border-0 bg-white pr-3 pl-9 text-base text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-500 data-focus:outline-2 data-focus:-outline-offset-2 data-focus:outline-brand-600 sm:h-10 sm:text-sm"
            />
            {list.textTooShort && (
              <p className="absolute top-full left-0 mt-1 text-xs text-slate-600">
                Type at least {MIN_SEARCH_LENGTH} characters to search.
              </p>
            )}
          </Field>
          {searchAction}
          {!customerFilter && refresh}
        </div>
        {customerFilter && (
          <div className="flex gap-2 @4xl:flex-[2] @4xl:gap-3">
            <CustomerFilter
              value={list.search.customerId}
              onChange={(customerId) => {
                list.setCustomer(customerId);
              }}
            />
            {refresh}
          </div>
        )}
      </div>
    </div>
  );
}

/** The customers of the one shared lookup (`GET customers/`), and 'All customers'. */
function CustomerFilter({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (customerId: number | null) => void;
}) {
  const customers = useQuery(customersQueryOptions());
  return (
    <ListSelect
      label="Customer"
      className="min-w-0 flex-1 @4xl:max-w-72"
      value={value === null ? ALL_CUSTOMERS : String(value)}
      disabled={customers.isPending}
      onChange={(v) => {
        onChange(v === ALL_CUSTOMERS ? null : Number(v));
      }}
    >
      <option value={ALL_CUSTOMERS}>All customers</option>
      {customers.data?.map((c) => (
        <option key={c.Id} value={c.Id}>
          {c.Name}
        </option>
      ))}
    </ListSelect>
  );
}
