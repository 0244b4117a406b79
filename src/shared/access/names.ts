import * as v from 'valibot';
import { idParams } from '@shared/api/ids';

/**
 * The name rule of features and roles (spec 02 §5): only letters, digits, underscore and spaces
 * are kept, at least 3 characters, and no other feature (role) has it, whatever the case.
 */
export const NAME_TOOLTIP = 'Make sure the name consists of more than 3 characters.';
export const NAME_REQUIRED = 'Name is required';
export const NAME_NOT_TEXT = 'Name must be text';
export const NAME_TOO_SHORT = 'Name must be at least 3 characters';
export const NAME_MAX_LENGTH = 50;
export const NAME_TOO_LONG = `Name must be ${NAME_MAX_LENGTH} characters or less`;

export type NamedKind = 'feature' | 'role';
export const NAME_TAKEN: Record<NamedKind, string> = {
  feature: 'A feature with this name already exists',
  role: 'A role with this name already exists',
};

/** Drops every character the rule does not keep, and the spaces at either end. */
export const cleanName = (text: string): string => text.replace(/[^\p{L}\p{N}_ ]+/gu, '').trim();

/** Names are compared as the unique index does: cleaned and case-insensitive. */
export const sameName = (a: string, b: string): boolean =>
  cleanName(a).toLowerCase() === cleanName(b).toLowerCase();

export const NameSchema = v.pipe(
  // A missing name reads as empty so it gets the 'required' message.
  v.optional(v.string(NAME_NOT_TEXT), ''),
  v.transform(cleanName),
  v.nonEmpty(NAME_REQUIRED),
  v.minLength(3, NAME_TOO_SHORT),
  v.maxLength(NAME_MAX_LENGTH, NAME_TOO_LONG),
);

/** `POST features/` and `POST roles/`. */
export const NamedCreateSchema = v.object({ name: NameSchema });
export type NamedCreateInput = v.InferInput<typeof NamedCreateSchema>;
export type NamedCreate = v.InferOutput<typeof NamedCreateSchema>;

/** The create body with an example name for the API document. */
export const namedCreateBody = (example: string) =>
  v.pipe(NamedCreateSchema, v.examples([{ name: example }]));
export type NamedCreateBody = ReturnType<typeof namedCreateBody>;

/** `features/{id}`, `roles/{id}`: ids of objects no tenant owns. */
export const namedIdParams = (kind: NamedKind) => idParams('id', kind, 'shared');
export type NamedIdParams = ReturnType<typeof namedIdParams>;

/**
 * The create form's schema: the rule plus uniqueness against the names already loaded (the
 * server checks again, as a list can be stale).
 */
export function uniqueNameSchema(kind: NamedKind, existing: readonly { Name: string }[]) {
  return v.object({
    name: v.pipe(
      NameSchema,
      v.check((name) => !existing.some((item) => sameName(item.Name, name)), NAME_TAKEN[kind]),
    ),
  });
}

/** A feature or role as listed: `UsedBy` counts its customers (features) or users (roles). */
export const NamedEntitySchema = v.object({
  Id: v.number(),
  Name: v.string(),
  UsedBy: v.pipe(v.number(), v.description('Customers (features) or users (roles) that have it')),
});
export type NamedEntity = v.InferOutput<typeof NamedEntitySchema>;
export const NamedEntityListSchema = v.array(NamedEntitySchema);
