import type { SVGProps } from 'react';
import { Outline } from '@app/components/ui/icons';

// The few outline icons only the tacho screens use, kept out of ui/icons.tsx (in the sign-in
// bundle).
type IconProps = SVGProps<SVGSVGElement>;

export const DownloadIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 19h14" />
  </Outline>
);

/** A remote download request: a signal to the vehicle. */
export const RemoteRequestIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M12 13v8M8.5 9.5a5 5 0 0 1 7 0M5.6 6.6a9 9 0 0 1 12.8 0" />
    <circle cx="12" cy="12.5" r="1" />
  </Outline>
);

export const CheckCircleIcon = (props: IconProps) => (
  <Outline {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="m8.5 12.5 2.5 2.5 4.5-5" />
  </Outline>
);

export const XCircleIcon = (props: IconProps) => (
  <Outline {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="m9 9 6 6m0-6-6 6" />
  </Outline>
);

/** Interim: a dashed circle (the download is not complete yet), with a check or a cross. */
export const InterimOkIcon = (props: IconProps) => (
  <Outline {...props}>
    <circle cx="12" cy="12" r="9" strokeDasharray="3 2.6" />
    <path d="m8.5 12.5 2.5 2.5 4.5-5" />
  </Outline>
);

export const InterimNotOkIcon = (props: IconProps) => (
  <Outline {...props}>
    <circle cx="12" cy="12" r="9" strokeDasharray="3 2.6" />
    <path d="m9 9 6 6m0-6-6 6" />
  </Outline>
);

export const QuestionCircleIcon = (props: IconProps) => (
  <Outline {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M9.7 9.5a2.4 2.4 0 0 1 4.6.9c0 1.6-2.3 2-2.3 3.4M12 16.8v.2" />
  </Outline>
);
