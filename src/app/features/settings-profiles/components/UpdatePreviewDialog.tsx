import type { SettingsProfilePreview } from '@shared/settings-profiles/settings-profiles';
import { Button } from '@app/components/ui/Button';
import { Modal } from '@app/components/ui/Modal';
import { devicesText } from '@app/features/settings-profiles/model/texts';

export const PREVIEW_TITLE = 'Save and update its devices?';

interface UpdatePreviewDialogProps {
  preview: SettingsProfilePreview;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * What saving the edited profile does to the devices using it, before anything changes
 * (`POST settingsProfiles/{id}/preview`): how many get new settings, how many of those are
 * offline (they get them when they next connect), and which settings change.
 */
export function UpdatePreviewDialog({
  preview,
  busy,
  onConfirm,
  onCancel,
}: UpdatePreviewDialogProps) {
  const { using, devices, offline, settings } = preview;
  return (
    <Modal
      open
      title={PREVIEW_TITLE}
      onClose={busy ? () => undefined : onCancel}
      footer={
        <>
          <Button
            variant="secondary"
            size="lg"
            className="sm:h-10 sm:text-sm"
            disabled={busy}
            onClick={onCancel}
          >
            Keep editing
          </Button>
          <Button
            size="lg"
            className="sm:h-10 sm:text-sm"
            disabled={busy}
            loading={busy}
            onClick={onConfirm}
          >
            {devices > 0 ? `Save and update ${devicesText(devices)}` : 'Save'}
          </Button>
        </>
      }
    >
      <dl className="grid grid-cols-3 gap-2 text-center">
        <Figure label="Use this profile" value={using} />
        <Figure label="Get new settings" value={devices} />
        <Figure label="Of those offline" value={offline} />
      </dl>
      <p className="mt-4 text-sm text-slate-700">
        {devices === 0
          ? `${using === 0 ? 'No device uses this profile' : 'Every device using it has these values already'}: saving changes no device.`
          : `${devicesText(devices)} will get the changed settings as pending settings.` +
            (offline > 0
              ? ` ${devicesText(offline)} of them ${offline === 1 ? 'has' : 'have'} not been heard from in 24 hours and will get them when they next connect.`
              : '')}
      </p>
      {settings.length > 0 && (
        <section aria-label="Settings that change" className="mt-4">
          <h3 className="text-sm font-semibold text-slate-900">Settings that change</h3>
          <ul className="mt-2 flex flex-wrap gap-1.5">
            {settings.map((name) => (
              <li
                key={name}
                className="rounded-md bg-slate-100 px-2 py-1 font-mono text-xs text-slate-800"
              >
                {name}
              </li>
            ))}
          </ul>
        </section>
      )}
    </Modal>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg bg-slate-50 px-2 py-3 ring-1 ring-slate-200">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="text-xl font-semibold text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}
