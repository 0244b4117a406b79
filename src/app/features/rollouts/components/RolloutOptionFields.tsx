import { OFFLINE_AFTER_HOURS } from '@shared/libraries/rollouts';
import { withForm } from '@app/components/form';
import type { RolloutOptionValues } from '@app/features/rollouts/model/review';

/** Only types the form this part is given (withForm's way); the values are the dialog's. */
const FORM_SHAPE: RolloutOptionValues = {};

/**
 * How the rollout runs (RolloutOptionsSchema): the canary's share, when it pauses itself, and
 * whether devices not heard from lately take part (offered only when there are some).
 */
export const RolloutOptionFields = withForm({
  defaultValues: FORM_SHAPE,
  props: { offline: 0 },
  render: function RolloutOptionFieldsRender({ form, offline }) {
    return (
      <fieldset className="grid gap-x-4 gap-y-4 sm:grid-cols-3">
        <legend className="mb-3 text-sm font-semibold text-slate-900">Rollout options</legend>
        <form.AppField name="CanaryPercent">
          {(field) => (
            <field.Number
              label="Canary"
              unit="%"
              tooltip="The share of the devices updated first (at least one). The rest follows once the canary finished without too many failures."
            />
          )}
        </form.AppField>
        <form.AppField name="FailureThresholdPercent">
          {(field) => (
            <field.Number
              label="Failure threshold"
              unit="%"
              tooltip="The rollout pauses itself when more than this share of a stage's devices failed."
            />
          )}
        </form.AppField>
        <form.AppField name="StageTimeoutMinutes">
          {(field) => (
            <field.Number
              label="Stage timeout"
              unit="min"
              tooltip="The rollout pauses itself when a stage has not finished after this long."
            />
          )}
        </form.AppField>
        {offline > 0 && (
          <form.AppField name="IncludeOffline">
            {(field) => (
              <field.Checkbox
                className="sm:col-span-3"
                label={`Include ${String(offline)} device${offline === 1 ? '' : 's'} not heard from in ${String(OFFLINE_AFTER_HOURS)} hours`}
                hint="They update when they next connect."
              />
            )}
          </form.AppField>
        )}
      </fieldset>
    );
  },
});
