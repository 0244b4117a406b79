import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { Device } from '../../../shared/devices';
import { canSaveChange } from './access';
import { changeDevicesMutationOptions } from './api/device-assignments';
import { configurationGroupsOfCustomerQueryOptions, customersQueryOptions } from './api/lookups';
import {
  commonTarget,
  KEEP,
  planDeviceChange,
  type ChangeTarget,
  type Choice,
} from './change-plan';

/**
 * State of the Change Customer modal with spec 02 §4's rules: no customer means no group, the
 * groups offered are those valid for the chosen customer, non-admins must choose a customer.
 * Starts again from the devices' shared values whenever a new set of devices comes in.
 */
export function useChangeCustomerForm(devices: Device[], isAdmin: boolean) {
  const [initial, setInitial] = useState<ChangeTarget>(() => commonTarget(devices));
  const [target, setTarget] = useState<ChangeTarget>(initial);
  const [targetFor, setTargetFor] = useState(devices);
  if (targetFor !== devices) {
    const start = commonTarget(devices);
    setTargetFor(devices);
    setInitial(start);
    setTarget(start);
  }

  const customerId = target.customerId;
  const chosenCustomer = typeof customerId === 'number' ? customerId : null;
  const customers = useQuery(customersQueryOptions());
  const groups = useQuery(configurationGroupsOfCustomerQueryOptions(chosenCustomer));
  const mutation = useMutation(changeDevicesMutationOptions());

  const groupList = useMemo(
    () => (chosenCustomer === null ? [] : (groups.data ?? [])),
    [chosenCustomer, groups.data],
  );
  // A starting group the chosen customer cannot use (another customer's) reads as '--'.
  const groupId: Choice =
    typeof target.groupId === 'number' && !groupList.some((g) => g.Id === target.groupId)
      ? null
      : target.groupId;
  const planning = chosenCustomer !== null && !groups.isSuccess;
  const steps = useMemo(
    () => (planning ? [] : planDeviceChange(devices, { customerId, groupId }, groupList)),
    [planning, devices, customerId, groupId, groupList],
  );

  return {
    customerId,
    groupId,
    /** 'Keep current' is offered where the devices started out different. */
    offerKeep: { customer: initial.customerId === KEEP, group: initial.groupId === KEEP },
    customers: customers.data ?? [],
    customersLoading: customers.isPending,
    groups: groupList,
    /** The group select has nothing to offer without one chosen customer. */
    groupsOpen: chosenCustomer !== null && !planning,
    steps,
    planning,
    saving: mutation.isPending,
    canSave: canSaveChange({
      isAdmin,
      customerId,
      stepCount: steps.length,
      planning,
      saving: mutation.isPending,
    }),
    chooseCustomer(next: Choice) {
      // No customer resets the group (spec 02 §4), kept customers keep their groups; with a new
      // customer a shared group (it fits any customer) or 'keep' stays, another customer's goes.
      const shared = groupList.find((g) => g.Id === groupId)?.CustomerId === null;
      const group =
        next === null || next === KEEP ? next : groupId === KEEP || shared ? groupId : null;
      setTarget({ customerId: next, groupId: group });
    },
    chooseGroup(next: Choice) {
      setTarget((t) => ({ ...t, groupId: next }));
    },
    save(onSaved: () => void) {
      mutation.mutate(steps, { onSuccess: onSaved });
    },
  };
}
