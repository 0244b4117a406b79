import type { SettingsProfileForm } from '@shared/settings-profiles/settings-profiles';
import { newProfileValues } from './profile-form';

/** Only types the form a wizard page is given (withForm's way); the values are the wizard's. */
export const PROFILE_FORM_SHAPE: SettingsProfileForm = newProfileValues('https://portal.example');
