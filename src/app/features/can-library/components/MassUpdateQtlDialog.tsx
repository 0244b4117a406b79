import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import * as v from 'valibot';
import { qtlMassUpdated, QtlTargetSchema, type MassUpdateTarget } from '@shared/libraries/rollouts';
import { formValues, useAppForm } from '@app/components/form';
import { MassUpdateDialog, rolloutDevices, toastRolloutStarted } from '@app/features/rollouts';
import { canLibraryQueryOptions } from '@app/features/can-library/api/can-configs';
import { massUpdateCodeOptions } from '@app/features/can-library/model/mass-update-qtl';

/**
 * Mass Update QTL (spec 03 §2, §5, §7): the current and the new protocol code, then the review
 * of what would change and the rollout's options; Preview only once both are chosen and differ
 * (QtlTargetSchema). A started rollout toasts the spec's words with a link to it.
 */
export function MassUpdateQtlDialog({ onClose }: { onClose: () => void }) {
  const library = useQuery(canLibraryQueryOptions());
  const options = useMemo(() => massUpdateCodeOptions(library.data ?? []), [library.data]);
  const [target, setTarget] = useState<MassUpdateTarget | null>(null);
  const back = useCallback(() => {
    setTarget(null);
  }, []);
  const form = useAppForm({
    defaultValues: formValues(QtlTargetSchema, { Kind: 'qtl', From: '', To: '' }),
    validators: { onChange: QtlTargetSchema },
    onSubmit: ({ value }) => {
      setTarget(v.parse(QtlTargetSchema, value));
    },
  });

  return (
    <MassUpdateDialog
      title="Mass Update QTL"
      form={form}
      chooseLabel="Preview"
      target={target}
      onChangeTarget={back}
      onClose={onClose}
      onStarted={(rollout) => {
        toastRolloutStarted(qtlMassUpdated(rolloutDevices(rollout), rollout.Target), rollout);
        onClose();
      }}
    >
      <div className="grid gap-x-4 gap-y-5 sm:grid-cols-2">
        <form.AppField name="From">
          {(field) => (
            <field.Select
              label="Current protocol code"
              autoFocus
              disabled={library.isPending}
              options={options.current}
              tooltip="The devices on this protocol code are updated."
            />
          )}
        </form.AppField>
        <form.AppField name="To">
          {(field) => (
            <field.Select
              label="New protocol code"
              disabled={library.isPending}
              options={options.next}
              tooltip="The code they move to: an active QTLibrary entry's."
            />
          )}
        </form.AppField>
      </div>
      <p className="mt-5 text-sm text-slate-600">
        Preview shows which devices would change before anything is sent. The update then runs in
        stages: a canary first, then the rest.
      </p>
    </MassUpdateDialog>
  );
}
