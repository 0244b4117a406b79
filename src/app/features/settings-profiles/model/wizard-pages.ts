import * as v from 'valibot';
import {
  SettingsProfileFormSchema,
  SettingsProfileMessagesPageSchema,
  SettingsProfileNamePageSchema,
  SettingsProfileSettingsPageSchema,
  type SettingsProfileForm,
} from '@shared/settings-profiles/settings-profiles';

/** The wizard's three pages in order (spec 03 §2, §4), each checked by its shared schema. */
export const WIZARD_PAGES = [
  { title: 'Settings', schema: SettingsProfileSettingsPageSchema },
  { title: 'Messages', schema: SettingsProfileMessagesPageSchema },
  { title: 'Name', schema: SettingsProfileNamePageSchema },
] as const;
export type WizardPageIndex = 0 | 1 | 2;
export const LAST_PAGE: WizardPageIndex = 2;

/** Field path ('message0.TIME', 'Name') → its first message. */
export type FieldErrors = Record<string, string>;

function errorsOf(schema: v.GenericSchema, values: SettingsProfileForm): FieldErrors {
  const result = v.safeParse(schema, values);
  const errors: FieldErrors = {};
  if (result.success) return errors;
  for (const issue of result.issues) {
    const path = v.getDotPath(issue);
    if (path !== null && !(path in errors)) errors[path] = issue.message;
  }
  return errors;
}

/** What keeps a page from Next (or Save): its fields' messages, none when it may go on. */
export const pageErrors = (page: WizardPageIndex, values: SettingsProfileForm): FieldErrors =>
  errorsOf(WIZARD_PAGES[page].schema, values);

/** Every field's message, for the form's own validator (errors shown once a field was left). */
export const formErrors = (values: SettingsProfileForm): FieldErrors =>
  errorsOf(SettingsProfileFormSchema, values);

/** The page a field of a server answer is on ('message1.endpointID' → 1); unknown → the last. */
export function pageOfField(field: string): WizardPageIndex {
  const top = field.split('.')[0] ?? '';
  const index = WIZARD_PAGES.findIndex((page) => Object.hasOwn(page.schema.entries, top));
  return index === -1 ? LAST_PAGE : (index as WizardPageIndex);
}
