import { useSelector } from '@tanstack/react-form';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useId, useRef, useState } from 'react';
import { toast } from '@app/lib/toast';
import type {
  SettingsProfile,
  SettingsProfilePreview,
} from '@shared/settings-profiles/settings-profiles';
import { applyServerErrors, FormActions, useAppForm } from '@app/components/form';
import { PageContainer } from '@app/components/layout/AppShell';
import { Button } from '@app/components/ui/Button';
import { focusRing } from '@app/components/ui/focus';
import { PageHeader } from '@app/components/ui/PageHeader';
import { ApiError } from '@app/lib/api-errors';
import {
  createProfileMutationOptions,
  previewProfileMutationOptions,
  updateProfileMutationOptions,
  type ProfileBody,
} from '@app/features/settings-profiles/api/settings-profile-mutations';
import {
  hasChanges,
  newProfileValues,
  profileBody,
  storedProfileValues,
} from '@app/features/settings-profiles/model/profile-form';
import { CREATE_TITLE } from '@app/features/settings-profiles/model/texts';
import {
  formErrors,
  LAST_PAGE,
  pageErrors,
  pageOfField,
  WIZARD_PAGES,
  type FieldErrors,
  type WizardPageIndex,
} from '@app/features/settings-profiles/model/wizard-pages';
import { LeaveGuard } from './LeaveGuard';
import { MessagesPageFields } from './MessagesPageFields';
import { NamePageFields } from './NamePageFields';
import { SettingsPageFields } from './SettingsPageFields';
import { UpdatePreviewDialog } from './UpdatePreviewDialog';
import { WizardSteps } from './WizardSteps';

export const CHECK_FIELDS = 'Check the marked fields before going on.';
const CANCEL_LINK = `inline-flex h-11 items-center justify-center rounded-lg bg-white px-4 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50 sm:h-10 ${focusRing}`;

/**
 * The settings profile wizard (spec 03 §2, §4): Settings, Messages, Name. Each page is checked
 * by its shared schema before Next; every page stays mounted (hidden), so Back keeps what was
 * entered and a server's field error finds its field. Save creates the profile; an edit first
 * shows what it does to the profile's devices. Leaving with changes asks first. Mount it per
 * profile.
 */
export function SettingsProfileWizard({ profile }: { profile?: SettingsProfile }) {
  const [start] = useState(() => (profile ? storedProfileValues(profile) : newProfileValues()));
  const [page, setPage] = useState<WizardPageIndex>(0);
  const [problem, setProblem] = useState(false);
  const [preview, setPreview] = useState<{ body: ProfileBody; answer: SettingsProfilePreview }>();
  const create = useMutation(createProfileMutationOptions());
  const update = useMutation(updateProfileMutationOptions());
  const previewCall = useMutation(previewProfileMutationOptions());
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const saved = useRef(false);

  const form = useAppForm({
    defaultValues: start,
    validators: {
      onChange: ({ value }) => {
        const fields = formErrors(value);
        return Object.keys(fields).length > 0 ? { fields } : undefined;
      },
    },
  });
  const changed = useSelector(form.store, (state) => hasChanges(state.values, start));
  const mustAsk = useCallback(
    () => !saved.current && hasChanges(form.state.values, start),
    [form, start],
  );

  const goTo = (next: WizardPageIndex) => {
    setPage(next);
    setProblem(false);
    // The new page's title takes the focus, so a screen reader starts there.
    requestAnimationFrame(() => heading.current?.focus());
  };
  const reveal = (errors: FieldErrors) => {
    const names = Object.keys(errors);
    for (const name of names) {
      form.setFieldMeta(name as never, (meta) => ({ ...meta, isTouched: true, isBlurred: true }));
    }
    const first = names[0];
    if (first !== undefined) document.getElementsByName(first)[0]?.focus();
  };
  const landServerErrors = (error: unknown) => {
    const fields = error instanceof ApiError ? Object.keys(error.fieldErrors ?? {}) : [];
    applyServerErrors(form, error);
    if (fields[0] !== undefined) goTo(pageOfField(fields[0]));
  };
  const finish = () => {
    saved.current = true;
    void navigate({ to: '/settingsProfiles' });
  };

  async function save() {
    const body = profileBody(form.state.values);
    try {
      if (!profile) {
        await create.mutateAsync(body);
        finish();
        return;
      }
      setPreview({ body, answer: await previewCall.mutateAsync({ id: profile.Id, body }) });
    } catch (error) {
      landServerErrors(error);
    }
  }

  async function next() {
    await form.validate('change');
    const errors = pageErrors(page, form.state.values);
    const first = Object.values(errors)[0];
    if (first === undefined) {
      if (page < LAST_PAGE) goTo((page + 1) as WizardPageIndex);
      else await save();
      return;
    }
    reveal(errors);
    // Spec 03 §5: a short name is said in a toast.
    if (page === LAST_PAGE) toast.error(first);
    else setProblem(true);
  }

  const busy = create.isPending || previewCall.isPending || update.isPending;
  return (
    <PageContainer>
      <PageHeader
        title={profile ? profile.Name : CREATE_TITLE}
        description={profile ? 'Edit the settings profile' : undefined}
      />
      <WizardSteps page={page} />
      <form
        noValidate
        aria-labelledby={headingId}
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) void next();
        }}
        className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
      >
        <h2
          ref={heading}
          id={headingId}
          tabIndex={-1}
          className="mb-5 text-lg font-semibold text-slate-900 focus:outline-none"
        >
          {WIZARD_PAGES[page].title}
          <span className="ml-2 text-sm font-normal text-slate-600">
            Step {page + 1} of {WIZARD_PAGES.length}
          </span>
        </h2>
        <div hidden={page !== 0}>
          <SettingsPageFields form={form} />
        </div>
        <div hidden={page !== 1}>
          <MessagesPageFields form={form} />
        </div>
        <div hidden={page !== 2}>
          <NamePageFields form={form} inUse={(profile?.devices ?? 0) > 0} />
        </div>
        <FormActions
          note={
            problem ? (
              <span role="alert" className="text-rose-700">
                {CHECK_FIELDS}
              </span>
            ) : changed ? (
              'Unsaved changes'
            ) : undefined
          }
        >
          {page === 0 ? (
            <Link to="/settingsProfiles" className={CANCEL_LINK}>
              Cancel
            </Link>
          ) : (
            <Button
              variant="secondary"
              size="lg"
              className="sm:h-10 sm:text-sm"
              disabled={busy}
              onClick={() => {
                goTo((page - 1) as WizardPageIndex);
              }}
            >
              Back
            </Button>
          )}
          <Button
            type="submit"
            size="lg"
            className="sm:h-10 sm:text-sm"
            disabled={busy}
            loading={busy}
          >
            {page === LAST_PAGE ? 'Save' : 'Next'}
          </Button>
        </FormActions>
      </form>
      <LeaveGuard when={mustAsk} />
      {preview && (
        <UpdatePreviewDialog
          preview={preview.answer}
          busy={update.isPending}
          onCancel={() => {
            setPreview(undefined);
          }}
          onConfirm={() => {
            update.mutate(
              { id: profile?.Id ?? '', body: preview.body },
              {
                onSuccess: finish,
                onError: (error) => {
                  setPreview(undefined);
                  landServerErrors(error);
                },
              },
            );
          }}
        />
      )}
    </PageContainer>
  );
}
