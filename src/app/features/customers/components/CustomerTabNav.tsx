import { Link } from '@tanstack/react-router';
import { TabLinks } from '@app/components/ui/TabLinks';
import type { CustomerTabId, ShownTab } from '@app/features/customers/model/tabs';

interface CustomerTabNavProps {
  customerId: number;
  tabs: readonly ShownTab<CustomerTabId>[];
  active: CustomerTabId;
}

/**
 * The tabs as links (`?tab=users`), so every tab has its own address and Back returns to the
 * previous tab. A tab the customer lacks the feature for is shown, disabled, with the reason.
 */
export function CustomerTabNav({ customerId, tabs, active }: CustomerTabNavProps) {
  return (
    <TabLinks
      label="Customer sections"
      tabs={tabs}
      active={active}
      link={(tab, props) => (
        <Link to="/customer/$id" params={{ id: customerId }} search={{ tab: tab.id }} {...props} />
      )}
    />
  );
}
