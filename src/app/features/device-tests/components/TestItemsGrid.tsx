import type { TestItem } from '@shared/devices/device-tests';
import { EmptyState } from '@app/components/ui/EmptyState';
import { Skeleton } from '@app/components/ui/Skeleton';
import { ClockIcon } from '@app/components/ui/icons';
import { TestItemCard } from './TestItemCard';

interface TestItemsGridProps {
  /** Null until the server sent the test list. */
  items: TestItem[] | null;
  /** No list and no connection: nothing is on its way, so no skeleton either. */
  waiting: boolean;
  canConfirm: boolean;
  onConfirm: (item: TestItem, correct: boolean) => Promise<void>;
  onSwitch: (item: TestItem, on: boolean) => Promise<void>;
}

// Spec 03 §9: 4 items per row (desktop); 1 on phones, 2 on tablets.
const grid = 'grid gap-3 sm:grid-cols-2 lg:grid-cols-4';

export function TestItemsGrid({
  items,
  waiting,
  canConfirm,
  onConfirm,
  onSwitch,
}: TestItemsGridProps) {
  return (
    <section aria-labelledby="test-items-title" className="mt-6">
      <h2 id="test-items-title" className="mb-3 text-base font-semibold text-slate-900">
        Test items
      </h2>
      {items === null && !waiting ? (
        <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
          <EmptyState icon={ClockIcon} title="No test running">
            The test items appear here once the live connection is up.
          </EmptyState>
        </div>
      ) : items === null ? (
        <div role="status" aria-label="Waiting for the test list" className={grid}>
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-36 rounded-xl" />
          ))}
        </div>
      ) : (
        <div role="list" aria-label="Test items" className={grid}>
          {items.map((item) => (
            <div role="listitem" key={item.key}>
              <TestItemCard
                item={item}
                canConfirm={canConfirm}
                onConfirm={onConfirm}
                onSwitch={onSwitch}
              />
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
