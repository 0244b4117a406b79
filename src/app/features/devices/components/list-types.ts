import type { Device } from '../../../../shared/devices';
import type { SelectionAccess } from '../access';
import type { DeviceSelection } from '../use-device-selection';

/** What the table and the cards both need to show the loaded devices. */
export interface DeviceListViewProps {
  devices: Device[];
  access: SelectionAccess;
  withLastDownload: boolean;
  selection: DeviceSelection;
  onChangeCustomer: (device: Device) => void;
  /** Asks for the next page; the list calls it when the end comes near. */
  onNearEnd: () => void;
}

/** Load the next page this many rows before the end, so scrolling rarely waits. */
export const LOAD_AHEAD_ROWS = 30;
