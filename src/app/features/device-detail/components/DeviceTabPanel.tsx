import type { ComponentType } from 'react';
import type { DeviceDetail } from '@shared/devices/devices';
import type { DeviceTabId } from '@app/features/device-detail/model/tabs';
import { CanConfigTab } from './can/CanConfigTab';
import { CustomerHistoryTab } from './customer-history/CustomerHistoryTab';
import { EndpointsTab } from './endpoints/EndpointsTab';
import { ForwardsTab } from './forwards/ForwardsTab';
import { InformationTab } from './information/InformationTab';
import { RawMessagesTab } from './raw-messages/RawMessagesTab';
import { RequestsTab } from './requests/RequestsTab';
import { SettingsHistoryTab } from './settings-history/SettingsHistoryTab';
import { SettingsTab } from './settings/SettingsTab';
import { TachoTab } from './tacho/TachoTab';
import { ThresholdsTab } from './thresholds/ThresholdsTab';

const PANELS: Record<DeviceTabId, ComponentType<{ device: DeviceDetail }>> = {
  information: InformationTab,
  settings: SettingsTab,
  tacho: TachoTab,
  can: CanConfigTab,
  endpoints: EndpointsTab,
  forwards: ForwardsTab,
  thresholds: ThresholdsTab,
  requests: RequestsTab,
  rawmessages: RawMessagesTab,
  settingshistory: SettingsHistoryTab,
  customerhistory: CustomerHistoryTab,
};

/** Only the active tab is mounted, so a tab's calls are made when it is opened. */
export function DeviceTabPanel({ tab, device }: { tab: DeviceTabId; device: DeviceDetail }) {
  const Panel = PANELS[tab];
  return <Panel device={device} />;
}
