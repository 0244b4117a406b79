import { describe, expect, it } from 'vitest';
import { FEATURE_TACHO_DOWNLOAD } from '@shared/access/roles';
import { demoAuth } from '@app/features/customers/test/fixtures';
import { activeTab, CUSTOMER_TABS, shownTabs } from './tabs';

const plain = { Features: [] };
const tacho = { Features: [FEATURE_TACHO_DOWNLOAD] };
const ids = (tabs: readonly { id: string }[]) => tabs.map((t) => t.id);

describe('the customer detail tabs', () => {
  it('are Devices and Users for users without the Tacho Download feature, Devices first', () => {
    for (const auth of [demoAuth.admin, demoAuth.reseller, demoAuth.viewer]) {
      expect(shownTabs(CUSTOMER_TABS, auth, tacho)).toEqual([
        { id: 'devices', label: 'Devices', disabledReason: undefined },
        { id: 'users', label: 'Users', disabledReason: undefined },
      ]);
    }
    expect(activeTab(undefined, shownTabs(CUSTOMER_TABS, demoAuth.viewer, plain), 'devices')).toBe(
      'devices',
    );
  });

  it('add Company Cards and Authentication Servers for users with the feature', () => {
    expect(shownTabs(CUSTOMER_TABS, demoAuth.user, tacho)).toEqual([
      { id: 'devices', label: 'Devices', disabledReason: undefined },
      { id: 'users', label: 'Users', disabledReason: undefined },
      { id: 'companycards', label: 'Company Cards', disabledReason: undefined },
      { id: 'authservers', label: 'Authentication Servers', disabledReason: undefined },
    ]);
    const viewerWithFeature = { ...demoAuth.viewer, Features: [FEATURE_TACHO_DOWNLOAD] };
    expect(ids(shownTabs(CUSTOMER_TABS, viewerWithFeature, tacho))).toContain('authservers');
  });

  it('disable them, with the reason, for a customer without the feature', () => {
    const shown = shownTabs(CUSTOMER_TABS, demoAuth.user, plain);
    expect(ids(shown)).toEqual(['devices', 'users', 'companycards', 'authservers']);
    expect(shown[2]?.disabledReason).toBe(
      "Company Cards needs the customer to have the feature 'Tacho Download'.",
    );
    expect(shown[3]?.disabledReason).toBe(
      "Authentication Servers needs the customer to have the feature 'Tacho Download'.",
    );
    // A link to a disabled tab opens the first one instead.
    expect(activeTab('companycards', shown, 'devices')).toBe('devices');
    const open = shownTabs(CUSTOMER_TABS, demoAuth.user, tacho);
    expect(activeTab('companycards', open, 'devices')).toBe('companycards');
    expect(activeTab('authservers', open, 'devices')).toBe('authservers');
  });
});
