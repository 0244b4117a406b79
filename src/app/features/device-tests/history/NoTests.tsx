import { Button } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';
import { InboxIcon } from '../../../components/ui/icons';

/** Spec 03 §8 "No ... found". */
const NO_TESTS_TEXT = 'No device tests found';

/** The empty list: none stored yet, or none matching the search (with a way back). */
export function NoTests({ search, onClear }: { search: string; onClear: () => void }) {
  const term = search.trim();
  return (
    <EmptyState
      icon={InboxIcon}
      title={NO_TESTS_TEXT}
      action={
        term !== '' && (
          <Button variant="secondary" onClick={onClear}>
            Clear search
          </Button>
        )
      }
    >
      {term === ''
        ? 'Tests appear here once an installation test has finished.'
        : `No test matches “${term}”.`}
    </EmptyState>
  );
}
