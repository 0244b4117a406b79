/**
 * The applied value in brackets, shown next to a field while the device still runs another value
 * than the pending one (spec 01 §2.6). Undefined when both agree.
 */
export function appliedHint(
  pending: string | null | undefined,
  applied: string | null | undefined,
  format: (value: string) => string = (value) => value,
): string | undefined {
  const wanted = pending ?? '';
  const running = applied ?? '';
  if (wanted === running) return undefined;
  // A value the device never reported still differs: say so rather than show "()".
  return `(${running === '' ? '—' : format(running)})`;
}
