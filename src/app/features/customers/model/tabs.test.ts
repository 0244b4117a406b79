import { describe, expect, it } from 'vitest';
import { FEATURE_TACHO_DOWNLOAD } from '@shared/roles';
import { demoAuth } from '../test/fixtures';
import { activeTab, CUSTOMER_TABS, shownTabs, type CustomerTabDefinition } from './tabs';

const plain = { Features: [] };
const tacho = { Features: [FEATURE_TACHO_DOWNLOAD] };

describe('the customer detail tabs', () => {
  it('are Devices and Users for everyone, Devices first', () => {
    for (const auth of Object.values(demoAuth)) {
      expect(shownTabs(CUSTOMER_TABS, auth, plain)).toEqual([
        { id: 'devices', label: 'Devices', disabledReason: undefined },
        { id: 'users', label: 'Users', disabledReason: undefined },
      ]);
    }
    expect(activeTab(undefined, shownTabs(CUSTOMER_TABS, demoAuth.viewer, plain), 'devices')).toBe(
      'devices',
    );
  });

  // Company Cards joins later as one entry (spec 02: shown with the user's feature, disabled
  // for a customer without it); the rules must already hold for it.
  const withCards: CustomerTabDefinition[] = [
    ...CUSTOMER_TABS,
    {
      id: 'companycards',
      label: 'Company Cards',
      access: 'screens.tacho',
      customerFeature: FEATURE_TACHO_DOWNLOAD,
    },
  ];

  it('show a feature tab only to users who have the feature', () => {
    expect(shownTabs(withCards, demoAuth.reseller, tacho).map((t) => t.id)).toEqual([
      'devices',
      'users',
    ]);
    expect(shownTabs(withCards, demoAuth.user, tacho).map((t) => t.id)).toContain('companycards');
  });

  it('disable it, with the reason, for a customer without the feature', () => {
    const shown = shownTabs(withCards, demoAuth.user, plain);
    expect(shown.at(-1)?.disabledReason).toBe(
      "Company Cards needs the customer to have the feature 'Tacho Download'.",
    );
    // A link to the disabled tab opens the first one instead.
    expect(activeTab('companycards', shown, 'devices')).toBe('devices');
    expect(activeTab('companycards', shownTabs(withCards, demoAuth.user, tacho), 'devices')).toBe(
      'companycards',
    );
  });
});
