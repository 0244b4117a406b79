import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { Device } from '@shared/devices/devices';
import { DeviceTestSettingsBodySchema } from '@shared/devices/device-tests';
import { FormDialog, useAppForm } from '@app/components/form';
import { ErrorState } from '@app/components/ui/ErrorState';
import { FormSkeleton } from '@app/components/ui/QueryStates';
import { useSession } from '@app/lib/use-session';
import {
  deviceTestSettingsQueryOptions,
  saveAndStartMutationOptions,
} from '@app/features/device-tests/api/device-test-settings';
import {
  initialValues,
  settingsBody,
  settingsForImei,
} from '@app/features/device-tests/model/test-settings-form';
import { TestConfigFields } from './TestConfigFields';

interface TestConfigDialogProps {
  device: Device;
  onClose: () => void;
}

/**
 * The configuration modal (spec 03 §4): customer, configuration group and CAN protocol, saved as
 * the IMEI's test settings (new or updated), then the test starts and its live page opens. The
 * form starts from the saved settings once they are loaded (from the device until then).
 */
export function TestConfigDialog({ device, onClose }: TestConfigDialogProps) {
  const navigate = useNavigate();
  const settings = useQuery(deviceTestSettingsQueryOptions());
  const userId = useSession()?.auth.Id ?? null;
  const existing = settingsForImei(settings.data, device.IMEI);
  const existingId = existing?.Id ?? null;
  const save = useMutation(saveAndStartMutationOptions());
  const defaultValues = initialValues(device, existing, userId);
  const form = useAppForm({
    defaultValues,
    validators: { onChange: DeviceTestSettingsBodySchema },
    onSubmit: async ({ value }) => {
      await save.mutateAsync({ existingId, body: settingsBody(value) });
      await navigate({ to: '/devicetest/$id', params: { id: device.Id } });
    },
  });

  return (
    <FormDialog
      form={form}
      title={`Test ${device.IMEI}`}
      size="lg"
      onClose={onClose}
      submitLabel="Save & start test"
      busyLabel="Starting the test…"
      saveDisabled={!settings.isSuccess}
    >
      {settings.isPending ? (
        <FormSkeleton label="Loading the test settings" fields={3} />
      ) : settings.isError ? (
        <ErrorState
          title="The test settings could not be loaded"
          error={settings.error}
          onRetry={() => void settings.refetch()}
          retrying={settings.isFetching}
        />
      ) : (
        <>
          <p className="mb-4 text-sm text-slate-700">
            {existingId === null
              ? 'No test settings are saved for this device yet.'
              : 'This device has test settings; saving updates them.'}
          </p>
          <TestConfigFields
            form={form}
            device={device}
            currentProtocol={defaultValues.Protocol ?? null}
          />
        </>
      )}
    </FormDialog>
  );
}
