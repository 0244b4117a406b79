/**
 * The one visible keyboard-focus ring, for every interactive element that is not a kit control
 * (links, tabs, menu buttons). Never pair it with `focus:outline-none`: in Tailwind 4 that sets
 * the outline style to none for the focus-visible rule too, and the ring disappears.
 */
export const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** The same ring drawn inside the element, where an outer one would be clipped (menus, lists). */
export const focusRingInset =
  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600';
