import { Button } from '../../../../components/ui/Button';
import { RefreshIcon } from '../../../../components/ui/icons';

export function RefreshButton({
  onRefresh,
  refreshing,
  label = 'Refresh',
}: {
  onRefresh: () => void;
  refreshing: boolean;
  label?: string;
}) {
  return (
    <Button variant="secondary" onClick={onRefresh} disabled={refreshing}>
      <RefreshIcon className={`size-4 ${refreshing ? 'animate-spin' : ''}`} />
      {label}
    </Button>
  );
}
