/**
 * Lists of names that admins create and remove (roles, features; spec 02): what the Roles and
 * Features screens share. Import it from here.
 */
export type { NamedResource, NamedTexts } from './api/named-entities';
export { useNamedScreen, type NamedScreen } from './components/use-named-screen';
export { NAME_FILTERS, nameListUrl, type NameFilter } from './model/list-url';
