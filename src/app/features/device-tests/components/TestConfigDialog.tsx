import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { Device } from '../../../../shared/devices';
import { Button } from '../../../components/ui/Button';
import { ErrorState } from '../../../components/ui/ErrorState';
import { Modal } from '../../../components/ui/Modal';
import { useSession } from '../../../lib/use-session';
import { FormSkeleton } from '../../device-detail/components/common/QueryStates';
import {
  deviceTestSettingsQueryOptions,
  saveAndStartMutationOptions,
} from '../api/device-test-settings';
import { initialForm, settingsForImei } from '../model/test-settings-form';
import { TestConfigFields, useTestConfigForm } from './TestConfigFields';

interface TestConfigDialogProps {
  device: Device;
  onClose: () => void;
}

const START_TEST_LABEL = 'Save & start test';

/**
 * The configuration modal (spec 03 §4): customer, configuration group and CAN protocol, saved as
 * the IMEI's test settings (new or updated), then the test starts and its live page opens.
 */
export function TestConfigDialog({ device, onClose }: TestConfigDialogProps) {
  const settings = useQuery(deviceTestSettingsQueryOptions());
  return (
    <Modal open onClose={onClose} title={`Test ${device.IMEI}`} size="lg">
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
        <ConfigForm
          device={device}
          existingId={settingsForImei(settings.data, device.IMEI)?.Id ?? null}
          initial={initialForm(device, settingsForImei(settings.data, device.IMEI))}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function ConfigForm({
  device,
  existingId,
  initial,
  onClose,
}: {
  device: Device;
  existingId: number | null;
  initial: ReturnType<typeof initialForm>;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const userId = useSession()?.auth.Id ?? null;
  const form = useTestConfigForm(device.IMEI, initial, userId);
  const save = useMutation(saveAndStartMutationOptions());

  const submit = () => {
    const body = form.validBody();
    if (!body) return;
    save.mutate(
      { existingId, body },
      {
        onSuccess: () => {
          void navigate({ to: '/devicetest/$id', params: { id: device.Id } });
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <p className="mb-4 text-sm text-slate-600">
        {existingId === null
          ? 'No test settings are saved for this device yet.'
          : 'This device has test settings; saving updates them.'}
      </p>
      <TestConfigFields form={form} />
      <div className="mt-6 flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
        <Button
          variant="secondary"
          size="lg"
          className="sm:h-10 sm:text-sm"
          onClick={onClose}
          disabled={save.isPending}
        >
          Cancel
        </Button>
        <Button
          type="submit"
          size="lg"
          className="sm:h-10 sm:text-sm"
          loading={save.isPending}
          disabled={save.isPending}
        >
          {START_TEST_LABEL}
        </Button>
      </div>
    </form>
  );
}
