import { Field, Input, Label } from '@headlessui/react';
import { useQuery } from '@tanstack/react-query';
import { DEVICE_SEARCH_FILTERS, type DeviceSearchFilter } from '../../../../shared/devices';
import { Button } from '../../../components/ui/Button';
import { customersQueryOptions } from '../api/lookups';
import { MIN_SEARCH_LENGTH } from '../search-rules';
import { RefreshIcon, SearchIcon } from '../../../components/ui/icons';
import { SelectField } from './SelectField';

interface DeviceSearchBarProps {
  filter: DeviceSearchFilter;
  text: string;
  customerId: number | null;
  onFilterChange: (filter: DeviceSearchFilter) => void;
  onTextChange: (text: string) => void;
  onCustomerChange: (customerId: number | null) => void;
  onRefresh: () => void;
}

const ALL_CUSTOMERS = '';

/** Filter, search text, customer filter and Refresh (spec 02 "Common list behaviour"). */
export function DeviceSearchBar(props: DeviceSearchBarProps) {
  const customers = useQuery(customersQueryOptions());
  const short = props.text.trim().length > 0 && props.text.trim().length < MIN_SEARCH_LENGTH;

  return (
    <div role="search" className="flex flex-col gap-3 lg:flex-row">
      <div className="flex gap-2 lg:w-[40rem] lg:gap-3">
        <SelectField
          label="Search by"
          hideLabel
          className="w-32 shrink-0 sm:w-44"
          value={props.filter}
          onChange={(e) => {
            props.onFilterChange(e.target.value as DeviceSearchFilter);
          }}
        >
          {DEVICE_SEARCH_FILTERS.map((f) => (
            <option key={f} value={f}>
              {f}
            </option>
          ))}
        </SelectField>
        <Field className="relative min-w-0 flex-1">
          <Label className="sr-only">Search text</Label>
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4.5 -translate-y-1/2 text-slate-400" />
          <Input
            type="search"
            value={props.text}
            placeholder={`Search ${props.filter}…`}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => {
              props.onTextChange(e.target.value);
            }}
            className="block h-11 w-full rounded-lg border-0 bg-white pr-3 pl-9 text-base text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-400 focus:outline-none data-focus:ring-2 data-focus:ring-brand-600 sm:h-10 sm:text-sm"
          />
          {short && (
            <p className="absolute top-full left-0 mt-1 text-xs text-slate-500">
              Type at least {MIN_SEARCH_LENGTH} characters to search.
            </p>
          )}
        </Field>
      </div>
      <div className="flex gap-2 lg:flex-1 lg:gap-3">
        <SelectField
          label="Customer"
          hideLabel
          className="min-w-0 flex-1 lg:max-w-72"
          value={props.customerId === null ? ALL_CUSTOMERS : String(props.customerId)}
          disabled={customers.isPending}
          onChange={(e) => {
            props.onCustomerChange(
              e.target.value === ALL_CUSTOMERS ? null : Number(e.target.value),
            );
          }}
        >
          <option value={ALL_CUSTOMERS}>All customers</option>
          {customers.data?.map((c) => (
            <option key={c.Id} value={c.Id}>
              {c.Name}
            </option>
          ))}
        </SelectField>
        <Button
          variant="secondary"
          onClick={props.onRefresh}
          title="Clear the search and load the list again"
          className="h-11 shrink-0 px-3 sm:h-10 sm:px-4 lg:ml-auto"
        >
          <RefreshIcon className="size-4.5" />
          <span className="sr-only sm:not-sr-only">Refresh</span>
        </Button>
      </div>
    </div>
  );
}
