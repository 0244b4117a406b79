import type { ConfigurationGroup } from '@shared/customers/customers';
import type { Device } from '@shared/devices/devices';

export type PlannedDevice = Pick<Device, 'IMEI' | 'CustomerId' | 'ConfigurationGroupId'>;

/**
 * One select of the Change Customer modal: an id, null for '--' (none), or KEEP ("Keep current"),
 * offered only when the selected devices differ, so opening the modal on a mixed selection and
 * saving cannot wipe customers or groups nobody chose to change.
 */
export const KEEP = 'keep';
export type Choice = number | null | typeof KEEP;

export interface ChangeTarget {
  customerId: Choice;
  groupId: Choice;
}

export type ChangeStep =
  | { kind: 'assignCustomer'; customerId: number; imeis: string[] }
  | { kind: 'removeCustomer'; imeis: string[] }
  | { kind: 'assignGroup'; groupId: number; imeis: string[] }
  | { kind: 'removeGroup'; imeis: string[] };

/**
 * The calls of a bulk Change Customer (spec 02 §4), in order: the customer first, then the
 * configuration group. Customer '--' removes the customer from the devices that have one; a
 * customer is assigned to those whose customer differs; the group likewise. Devices already
 * matching are skipped.
 *
 * The group step looks at the devices as the customer step leaves them: the API clears the group
 * of a device that loses its customer, and of one that moves to a customer the group does not
 * belong to. `groupsOfTarget` are the groups valid for the chosen customer (shared ones and its
 * own), which is exactly the set that survives a move. KEEP leaves that part alone.
 */
export function planDeviceChange(
  devices: readonly PlannedDevice[],
  target: ChangeTarget,
  groupsOfTarget: readonly Pick<ConfigurationGroup, 'Id'>[],
): ChangeStep[] {
  const steps: ChangeStep[] = [];
  const keptGroups = new Set(groupsOfTarget.map((g) => g.Id));

  const { customerId, groupId } = target;

  const moving = customerId === KEEP ? [] : devices.filter((d) => d.CustomerId !== customerId);
  if (moving.length > 0) {
    const imeis = moving.map((d) => d.IMEI);
    steps.push(
      typeof customerId === 'number'
        ? { kind: 'assignCustomer', customerId, imeis }
        : { kind: 'removeCustomer', imeis },
    );
  }

  if (groupId === KEEP) return steps;
  const movingImeis = new Set(moving.map((d) => d.IMEI));
  const groupAfter = (d: PlannedDevice): number | null => {
    if (!movingImeis.has(d.IMEI) || d.ConfigurationGroupId === null) return d.ConfigurationGroupId;
    if (customerId === null) return null;
    return keptGroups.has(d.ConfigurationGroupId) ? d.ConfigurationGroupId : null;
  };
  const regrouping = devices.filter((d) => groupAfter(d) !== groupId);
  if (regrouping.length > 0) {
    const imeis = regrouping.map((d) => d.IMEI);
    steps.push(
      groupId === null ? { kind: 'removeGroup', imeis } : { kind: 'assignGroup', groupId, imeis },
    );
  }
  return steps;
}

export interface StepToast {
  tone: 'success' | 'warning';
  message: string;
}

/** The toasts of spec 01 §8 and 02 §8, texts exactly as given ('succesfully' included). */
export function stepToast(step: ChangeStep): StepToast {
  const n = step.imeis.length;
  switch (step.kind) {
    case 'assignCustomer':
      return { tone: 'success', message: `${n} device(s) succesfully added to customer` };
    case 'removeCustomer':
      return { tone: 'success', message: `${n} device(s) succesfully removed from customer` };
    case 'assignGroup':
      return {
        tone: 'success',
        message: `Configuration group for ${n} device(s) successfully updated.`,
      };
    case 'removeGroup':
      return {
        tone: 'warning',
        message: `Configuration group for ${n} device(s) successfully updated.`,
      };
  }
}

/**
 * What both selects start with: the value every device shares, else KEEP. Without a customer
 * there is no group (spec 02 §4); with customers kept, groups are kept too, as the groups on
 * offer depend on the customer.
 */
export function commonTarget(devices: readonly PlannedDevice[]): ChangeTarget {
  const shared = (values: (number | null)[]): Choice =>
    values.every((x) => x === values[0]) ? (values[0] ?? null) : KEEP;
  const customerId = shared(devices.map((d) => d.CustomerId));
  if (customerId === null || customerId === KEEP) return { customerId, groupId: customerId };
  return { customerId, groupId: shared(devices.map((d) => d.ConfigurationGroupId)) };
}
