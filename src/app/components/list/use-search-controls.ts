import { useCallback } from 'react';
import type { SearchBinding } from './list-controller';
import { useSettledSearchText } from './use-settled-search-text';

/** The search bar's side of a list: the field's text and the changes to the search in effect. */
export function useSearchControls<F extends string>({ search, onSearchChange }: SearchBinding<F>) {
  const onSettle = useCallback(
    (text: string) => {
      onSearchChange({ ...search, text });
    },
    [onSearchChange, search],
  );
  const field = useSettledSearchText(search.text, onSettle);
  return {
    search,
    text: field.text,
    setText: field.setText,
    setFilter: (filter: F) => {
      onSearchChange({ ...search, filter });
    },
    setCustomer: (customerId: number | null) => {
      onSearchChange({ ...search, customerId });
    },
    clearSearch: () => {
      field.reset('');
      onSearchChange({ ...search, text: '', customerId: null });
    },
  };
}
