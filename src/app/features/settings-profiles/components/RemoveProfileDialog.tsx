import { Description, Field, Label, Radio, RadioGroup } from '@headlessui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '@app/lib/toast';
import type { SettingsProfile } from '@shared/settings-profiles/settings-profiles';
import { Button } from '@app/components/ui/Button';
import { ConfirmDialog } from '@app/components/ui/ConfirmDialog';
import { Modal } from '@app/components/ui/Modal';
import { ApiError, failedToast } from '@app/lib/api-errors';
import { removeProfileMutationOptions } from '@app/features/settings-profiles/api/settings-profile-mutations';
import {
  devicesText,
  KEEP_SETTINGS_CHOICE,
  REMOVE_PROFILE_CONFIRM,
} from '@app/features/settings-profiles/model/texts';

/** Devices use it: their count, or null when only the server's refusal told us so. */
type InUse = { devices: number | null } | null;

const inUseOf = (profile: SettingsProfile | null): InUse =>
  profile && profile.devices > 0 ? { devices: profile.devices } : null;

/**
 * Removing a profile (admins). One no device uses asks the spec's question; one in use asks
 * what happens to its devices, and only "keep their current settings, no profile" removes it
 * (`?devices=keepSettings`). Mount it per profile.
 */
export function RemoveProfileDialog({
  profile,
  onClose,
}: {
  profile: SettingsProfile;
  onClose: () => void;
}) {
  const remove = useMutation(removeProfileMutationOptions());
  const [inUse, setInUse] = useState<InUse>(() => inUseOf(profile));

  const removeIt = (keepSettings: boolean) => {
    remove.mutate(
      { profile, keepSettings },
      {
        onSuccess: onClose,
        onError: (error) => {
          // In use by now: ask about its devices instead.
          if (!keepSettings && error instanceof ApiError && error.fieldErrors?.devices) {
            setInUse({ devices: null });
            return;
          }
          toast.error(failedToast(error.message));
          onClose();
        },
      },
    );
  };

  if (!inUse) {
    return (
      <ConfirmDialog
        open
        busy={remove.isPending}
        message={REMOVE_PROFILE_CONFIRM}
        onCancel={onClose}
        onConfirm={() => {
          removeIt(false);
        }}
      />
    );
  }
  return (
    <InUseDialog
      profile={profile}
      devices={inUse.devices}
      busy={remove.isPending}
      onCancel={onClose}
      onRemove={() => {
        removeIt(true);
      }}
    />
  );
}

const KEEP = 'keepSettings';

function InUseDialog({
  profile,
  devices,
  busy,
  onCancel,
  onRemove,
}: {
  profile: SettingsProfile;
  devices: number | null;
  busy: boolean;
  onCancel: () => void;
  onRemove: () => void;
}) {
  const [choice, setChoice] = useState<string | null>(null);
  return (
    <Modal
      open
      title="Remove settings profile"
      onClose={busy ? () => undefined : onCancel}
      footer={
        <>
          <Button variant="secondary" size="lg" className="sm:h-10 sm:text-sm" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            size="lg"
            className="sm:h-10 sm:text-sm"
            disabled={choice !== KEEP || busy}
            loading={busy}
            onClick={onRemove}
          >
            Remove
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">
        {devices === null
          ? `Devices use ${profile.Name}.`
          : `${profile.Name} is used by ${devicesText(devices)}.`}{' '}
        {REMOVE_PROFILE_CONFIRM} What happens to its devices?
      </p>
      <RadioGroup
        value={choice}
        onChange={setChoice}
        aria-label="What happens to its devices"
        className="mt-4"
      >
        {/* The whole card chooses it, not only the 24 px circle. */}
        <Field
          onClick={() => {
            setChoice(KEEP);
          }}
          className="flex cursor-pointer gap-3 rounded-lg p-3 ring-1 ring-slate-300 has-data-checked:bg-brand-50 has-data-checked:ring-brand-600"
        >
          <Radio
            value={KEEP}
            className="group mt-0.5 grid size-6 shrink-0 cursor-pointer place-items-center rounded-full bg-white ring-1 ring-slate-500 ring-inset data-checked:ring-2 data-checked:ring-brand-700 data-focus:outline-2 data-focus:outline-offset-2 data-focus:outline-brand-600"
          >
            <span className="size-3 rounded-full bg-brand-700 opacity-0 group-data-checked:opacity-100" />
          </Radio>
          <span>
            <Label className="cursor-pointer text-sm font-medium text-slate-900">
              {KEEP_SETTINGS_CHOICE}
            </Label>
            <Description className="text-sm text-slate-600">
              Each device keeps the settings it has now and is no longer managed by a profile.
            </Description>
          </span>
        </Field>
      </RadioGroup>
    </Modal>
  );
}
