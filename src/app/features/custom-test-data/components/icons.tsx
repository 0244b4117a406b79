import type { SVGProps } from 'react';
import { Outline } from '@app/components/ui/icons';

// The outline icons only this screen uses, kept out of ui/icons.tsx (in the sign-in bundle).
type IconProps = SVGProps<SVGSVGElement>;

export const DownloadIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 19h14" />
  </Outline>
);

export const UploadIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M12 15V4m0 0L7.5 8.5M12 4l4.5 4.5M5 19h14" />
  </Outline>
);
