import type { SVGProps } from 'react';

// The outline icons of components/ui/icons.tsx do not include these three; same look.
type IconProps = SVGProps<SVGSVGElement>;
const outline = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.75,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
} as const;

export const CheckCircleIcon = (props: IconProps) => (
  <svg {...outline} {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M8 12.5l2.7 2.7L16 9.5" />
  </svg>
);

export const XCircleIcon = (props: IconProps) => (
  <svg {...outline} {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M9 9l6 6M15 9l-6 6" />
  </svg>
);

export const QuestionCircleIcon = (props: IconProps) => (
  <svg {...outline} {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M9.6 9.3a2.5 2.5 0 114 2c-.9.6-1.6 1.1-1.6 2.2M12 16.8v.01" />
  </svg>
);
