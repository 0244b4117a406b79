/** One setting the installer changed while someone else changed it on the server too. */
export interface SettingConflict {
  SettingName: string;
  /** What the installer saw when making the change. */
  base: string;
  /** What the installer wants. */
  mine: string;
  /** What the server holds now. */
  theirs: string;
}

export class SettingsConflictError extends Error {
  override readonly name = 'SettingsConflictError';
  constructor(readonly conflicts: SettingConflict[]) {
    super(`Changed on the server meanwhile: ${conflicts.map((c) => c.SettingName).join(', ')}`);
  }
}

/**
 * The settings whose server value moved away from the one the installer saw. A setting already
 * holding the installer's value is no conflict (someone made the same change).
 */
export function findConflicts(
  settings: readonly { SettingName: string; Value: string }[],
  base: Readonly<Record<string, string>>,
  current: Readonly<Record<string, string>>,
): SettingConflict[] {
  return settings.flatMap(({ SettingName, Value }) => {
    const seen = base[SettingName];
    const theirs = current[SettingName] ?? '';
    if (seen === undefined || theirs === seen || theirs === Value) return [];
    return [{ SettingName, base: seen, mine: Value, theirs }];
  });
}
