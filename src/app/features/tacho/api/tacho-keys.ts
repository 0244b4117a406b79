import type { TachoKind } from '@shared/tacho/tacho';

/**
 * Query keys of the tacho screens, under `['tacho']`: a remote download request invalidates the
 * download lists and overviews (their rows show its progress) in one call.
 */
export const tachoKeys = {
  all: ['tacho'] as const,
  files: (kind: TachoKind) => ['tacho', 'files', kind] as const,
  latest: (kind: TachoKind) => ['tacho', 'latest', kind] as const,
  panels: (kind: TachoKind) => ['tacho', 'panel', kind] as const,
  panel: (kind: TachoKind, names: readonly string[], from: string, to: string) =>
    ['tacho', 'panel', kind, names, from, to] as const,
  stateGraph: () => ['tacho', 'stategraph'] as const,
};
