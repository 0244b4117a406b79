import { Link } from '@tanstack/react-router';
import { TabLinks } from '@app/components/ui/TabLinks';
import { ACCOUNT_TABS, type AccountTabId } from '@app/features/account/model/tabs';

/** The account page's tabs (`?tab=`); three short labels share a phone's width. */
export function AccountTabNav({ active }: { active: AccountTabId }) {
  return (
    <TabLinks
      label="Account sections"
      tabs={ACCOUNT_TABS}
      active={active}
      fill
      link={(tab, props) => <Link to="/account" search={{ tab: tab.id }} {...props} />}
    />
  );
}
