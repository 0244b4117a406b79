import { cleanName } from '@shared/access/names';

/**
 * The name field as it is typed (spec 02 §5 "Feature or role name"): only the characters the
 * shared rule keeps stay, so what the user sees is what will be saved. Spaces stay too, or no
 * second word could be typed; the rule trims the ends when it checks and saves.
 */
export function keepNameCharacters(text: string): string {
  // Code point by code point (as the rule's /u pattern reads text) through the rule itself, so
  // the rule is written once (src/shared/access/names.ts).
  return Array.from(text)
    .filter((char) => char === ' ' || cleanName(char) === char)
    .join('');
}

/** The distinct characters of `typed` the rule drops, for the field's hint ('-', '!'). */
export const droppedCharacters = (typed: string): string[] => [
  ...new Set(Array.from(typed).filter((char) => keepNameCharacters(char) === '')),
];
