import { useCallback, useEffect, type ReactNode } from 'react';
import type { Rollout } from '@shared/libraries/rollout-views';
import type { MassUpdateTarget } from '@shared/libraries/rollouts';
import { applyServerErrors, FormDialog, type KitForm } from '@app/components/form';
import { isTargetError, TARGET_FIELD_NAMES } from '@app/features/rollouts/model/review';
import { useMassUpdateReview } from '@app/features/rollouts/model/use-mass-update-review';
import { MassUpdateReview } from './MassUpdateReview';

export interface MassUpdateDialogProps {
  title: string;
  /**
   * The first step's form (`useAppForm` over the target's fields: From/To or CustomerId/
   * FirmwareId); its submit sets `target`.
   */
  form: KitForm;
  /** The first step's submit: 'Preview' (QTL) or 'Submit' (the firmware dialogs' word). */
  chooseLabel: string;
  /** The target chosen; null while choosing. */
  target: MassUpdateTarget | null;
  /** Back to the first step (Change, or the server refused the target). */
  onChangeTarget: () => void;
  onClose: () => void;
  /** The rollout has started: the owner toasts (in its spec's words) and closes. */
  onStarted: (rollout: Rollout) => void;
  /** The first step's fields. */
  children: ReactNode;
}

/**
 * A mass update in one modal, two steps: choose the target (the library's fields), then review
 * its preview and the rollout options and start it. The modal stays open between the steps; only
 * its form, body and submit change. A target the server refuses (no active QTLibrary of that
 * code, a firmware without a file) takes the admin back to the first step with the message on
 * its field.
 */
export function MassUpdateDialog({
  title,
  form,
  chooseLabel,
  target,
  onChangeTarget,
  onClose,
  onStarted,
  children,
}: MassUpdateDialogProps) {
  const onTargetRefused = useCallback(
    (error: unknown) => {
      applyServerErrors(form, error, TARGET_FIELD_NAMES);
      onChangeTarget();
    },
    [form, onChangeTarget],
  );
  const review = useMassUpdateReview({ target, onStarted, onTargetRefused });
  const previewError = review.preview.error;
  useEffect(() => {
    if (isTargetError(previewError)) onTargetRefused(previewError);
  }, [previewError, onTargetRefused]);

  const reviewing = target !== null;
  return (
    <FormDialog
      form={reviewing ? review.form : form}
      title={title}
      size={reviewing ? 'lg' : 'md'}
      submitLabel={reviewing ? 'Start rollout' : chooseLabel}
      busyLabel={reviewing ? 'Starting…' : 'Loading…'}
      saveDisabled={reviewing && review.size === 0}
      onClose={onClose}
    >
      {reviewing ? <MassUpdateReview review={review} onChange={onChangeTarget} /> : children}
    </FormDialog>
  );
}
