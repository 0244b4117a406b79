import type {
  AssignCustomerVariables,
  AssignGroupVariables,
  NameVariables,
  NoteVariables,
} from '@app/features/device-detail/api/assignments';
import type { DeviceRef } from '@app/features/device-detail/api/keys';
import type { SaveSettingsVariables } from '@app/features/device-detail/api/settings';
import type { DeviceDetail, SettingValue } from '@shared/devices/devices';

/** The Information tab's editable values; '' means none ('--') for customer and group. */
export interface InformationValues {
  customerId: string;
  groupId: string;
  protocolCode: string;
  firmware: string;
  note: string;
  name: string;
}

export type SaveStep =
  | { kind: 'group-remove'; variables: DeviceRef }
  | { kind: 'customer-remove'; variables: DeviceRef }
  | { kind: 'customer-assign'; variables: AssignCustomerVariables }
  | { kind: 'group-assign'; variables: AssignGroupVariables }
  | { kind: 'note'; variables: NoteVariables }
  | { kind: 'name'; variables: NameVariables }
  | { kind: 'settings'; variables: SaveSettingsVariables };

const idText = (id: number | null) => (id === null ? '' : String(id));

export function informationValues(device: DeviceDetail): InformationValues {
  return {
    customerId: idText(device.CustomerId),
    groupId: idText(device.ConfigurationGroupId),
    protocolCode: device.NewConfig.ProtocolCode ?? '',
    firmware: device.NewConfig.Firmware ?? '',
    note: device.Note ?? '',
    name: device.Name ?? '',
  };
}

/**
 * The form's starting values: the device's, with changes still waiting in the outbox laid over
 * them (queued note/name, and ProtocolCode/Firmware among queued settings).
 */
export function withQueuedChanges(
  values: InformationValues,
  queued: { note?: string; name?: string },
  queuedSettings: Record<string, string>,
): InformationValues {
  return {
    ...values,
    ...queued,
    protocolCode: queuedSettings.ProtocolCode ?? values.protocolCode,
    firmware: queuedSettings.Firmware ?? values.firmware,
  };
}

/**
 * Device Save (spec 01 §4, 02 §4) as the list of calls to make, in order. A removed customer
 * takes its group along; the group goes first, while the device is still in a reseller's
 * scope. A new customer comes before a new group, since a group must fit the customer.
 */
export function planDeviceSave(
  device: DeviceDetail,
  values: InformationValues,
  // What the form started from: the device, plus changes already waiting in the outbox.
  before: InformationValues = informationValues(device),
): SaveStep[] {
  const ref: DeviceRef = { deviceId: device.Id, imei: device.IMEI };
  const steps: SaveStep[] = [];

  const customerChanged = values.customerId !== before.customerId;
  const customerRemoved = customerChanged && values.customerId === '';
  const groupChanged = values.groupId !== before.groupId;
  const hadGroup = before.groupId !== '';

  if ((customerRemoved && hadGroup) || (groupChanged && values.groupId === '' && hadGroup)) {
    steps.push({ kind: 'group-remove', variables: ref });
  }
  if (customerRemoved) steps.push({ kind: 'customer-remove', variables: ref });
  else if (customerChanged) {
    steps.push({
      kind: 'customer-assign',
      variables: { ...ref, customerId: Number(values.customerId) },
    });
  }
  if (groupChanged && values.groupId !== '' && !customerRemoved) {
    steps.push({ kind: 'group-assign', variables: { ...ref, groupId: Number(values.groupId) } });
  }

  if (values.note.trim() !== before.note.trim()) {
    steps.push({ kind: 'note', variables: { ...ref, note: values.note.trim() } });
  }
  if (values.name.trim() !== before.name.trim()) {
    steps.push({ kind: 'name', variables: { ...ref, name: values.name.trim() } });
  }

  const settings: SettingValue[] = [];
  if (values.protocolCode !== before.protocolCode && values.protocolCode !== '') {
    settings.push({ SettingName: 'ProtocolCode', Value: values.protocolCode });
  }
  if (values.firmware !== before.firmware && values.firmware !== '') {
    settings.push({ SettingName: 'Firmware', Value: values.firmware });
  }
  if (settings.length) steps.push({ kind: 'settings', variables: { ...ref, settings } });
  return steps;
}
