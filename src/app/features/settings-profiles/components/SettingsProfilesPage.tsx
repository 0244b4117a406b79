import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import type { SettingsProfile } from '@shared/settings-profiles/settings-profiles';
import {
  ListPage,
  useSearchedList,
  type RowActions,
  type SearchBinding,
} from '@app/components/list';
import { RowIconButton } from '@app/components/list/table';
import { focusRing } from '@app/components/ui/focus';
import { PencilIcon, PlusIcon, TrashIcon } from '@app/components/ui/icons';
import { useCan } from '@app/lib/permissions';
import { profileListSource } from '@app/features/settings-profiles/api/settings-profiles';
import type { ProfileFilter } from '@app/features/settings-profiles/model/profile-list-url';
import { NO_PROFILES } from '@app/features/settings-profiles/model/texts';
import { PROFILE_COLUMNS } from './settings-profile-columns';
import { RemoveProfileDialog } from './RemoveProfileDialog';

const profileKey = (profile: SettingsProfile) => profile.Id;
const NOUN = { one: 'settings profile', many: 'settings profiles' };
const EMPTY = {
  title: NO_PROFILES,
  text: 'Named bundles of device settings and message configurations show here once created.',
};
/** A link that looks like the primary button: 44 px on phones, 40 px from sm up. */
const NEW_LINK = `inline-flex h-11 items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 text-sm font-semibold whitespace-nowrap text-white shadow-sm hover:bg-brand-800 sm:h-10 ${focusRing}`;

/**
 * /settingsProfiles (spec 03 "Settings Profiles", admins): the profiles searched by the server on
 * Name and by customer, sortable; 'New profile' and edit open the wizard, delete asks first (and
 * what happens to the devices of one in use). Viewers get none of the three.
 */
export function SettingsProfilesPage(binding: SearchBinding<ProfileFilter>) {
  const mayWrite = useCan('settingsProfiles.write');
  const list = useSearchedList(profileListSource, binding);
  const navigate = useNavigate();
  const [removing, setRemoving] = useState<SettingsProfile | null>(null);

  const rowActions = useMemo<RowActions<SettingsProfile> | undefined>(
    () =>
      mayWrite
        ? {
            width: 100,
            render: (profile, layout) => (
              <>
                <RowIconButton
                  icon={PencilIcon}
                  label={layout === 'card' ? 'Edit' : `Edit ${profile.Name}`}
                  title="Edit"
                  withLabel={layout === 'card'}
                  onClick={() => {
                    void navigate({ to: '/settingsProfiles/$id', params: { id: profile.Id } });
                  }}
                />
                <RowIconButton
                  icon={TrashIcon}
                  tone="danger"
                  label={layout === 'card' ? 'Delete' : `Delete ${profile.Name}`}
                  title="Delete"
                  withLabel={layout === 'card'}
                  onClick={() => {
                    setRemoving(profile);
                  }}
                />
              </>
            ),
          }
        : undefined,
    [mayWrite, navigate],
  );

  return (
    <ListPage
      title="SettingsProfiles"
      actions={
        mayWrite && (
          <Link to="/settingsProfiles/new" className={NEW_LINK}>
            <PlusIcon className="size-4" />
            New profile
          </Link>
        )
      }
      list={list}
      columns={PROFILE_COLUMNS}
      rowKey={profileKey}
      noun={NOUN}
      empty={EMPTY}
      customerFilter
      placeholder="Search Name…"
      rowActions={rowActions}
    >
      {removing && (
        <RemoveProfileDialog
          key={removing.Id}
          profile={removing}
          onClose={() => {
            setRemoving(null);
          }}
        />
      )}
    </ListPage>
  );
}
