import { Button } from './Button';
import { RefreshIcon } from './icons';

interface RefreshButtonProps {
  onRefresh: () => void;
  /** A refresh is underway: the icon turns and the button waits for it. */
  refreshing: boolean;
  label?: string;
  /** Keeps the label for screen readers only on phones (compact toolbars). */
  compactOnPhones?: boolean;
  title?: string;
  className?: string;
}

export function RefreshButton({
  onRefresh,
  refreshing,
  label = 'Refresh',
  compactOnPhones = false,
  title,
  className = '',
}: RefreshButtonProps) {
  return (
    <Button
      variant="secondary"
      onClick={onRefresh}
      disabled={refreshing}
      title={title}
      className={className}
    >
      <RefreshIcon className={`size-4 shrink-0 ${refreshing ? 'animate-spin' : ''}`} />
      <span className={compactOnPhones ? 'max-sm:sr-only' : undefined}>{label}</span>
    </Button>
  );
}
