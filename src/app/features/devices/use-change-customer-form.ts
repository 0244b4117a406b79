import { useMutation, useQuery } from '@tanstack/react-query';
import { useSelector } from '@tanstack/react-form';
import { useMemo } from 'react';
import type { Device } from '@shared/devices/devices';
import { useAppForm } from '@app/components/form';
import { canSaveChange } from './access';
import { changeDevicesMutationOptions } from './api/device-assignments';
import { configurationGroupsQueryOptions, customersQueryOptions } from '@app/lib/lookups';
import { commonTarget, KEEP, planDeviceChange, type Choice } from './change-plan';

/**
 * The Change Customer modal's form with spec 02 §4's rules: no customer means no group, the
 * groups offered are those valid for the chosen customer, non-admins must choose a customer.
 * It starts from the devices' shared values; the dialog remounts it for a new set of devices.
 */
export function useChangeCustomerForm(devices: Device[], isAdmin: boolean, onSaved: () => void) {
  const customers = useQuery(customersQueryOptions());
  const mutation = useMutation(changeDevicesMutationOptions());
  const form = useAppForm({
    defaultValues: commonTarget(devices),
    onSubmit: async () => {
      await mutation.mutateAsync(steps);
      onSaved();
    },
  });
  const target = useSelector(form.store, (state) => state.values);
  const submitting = useSelector(form.store, (state) => state.isSubmitting);

  const customerId = target.customerId;
  const chosenCustomer = typeof customerId === 'number' ? customerId : null;
  const groups = useQuery({
    ...configurationGroupsQueryOptions(chosenCustomer),
    enabled: chosenCustomer !== null,
  });
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
  const steps = planning ? [] : planDeviceChange(devices, { customerId, groupId }, groupList);
  const initial = form.options.defaultValues ?? commonTarget(devices);

  return {
    form,
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
    saving: submitting,
    canSave: canSaveChange({
      isAdmin,
      customerId,
      stepCount: steps.length,
      planning,
      saving: submitting,
    }),
    /**
     * The group that goes with a newly chosen customer: none with no customer (spec 02 §4), kept
     * with kept customers; with a new customer a shared group (it fits any customer) or 'keep'
     * stays, another customer's goes.
     */
    groupFor(next: Choice): Choice {
      const shared = groupList.find((g) => g.Id === groupId)?.CustomerId === null;
      if (next === null || next === KEEP) return next;
      return groupId === KEEP || shared ? groupId : null;
    },
  };
}

export type ChangeCustomerForm = ReturnType<typeof useChangeCustomerForm>;
