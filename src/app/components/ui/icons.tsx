import type { SVGProps } from 'react';

// A handful of 24px outline icons; an icon package would outweigh the few we need.
type IconProps = SVGProps<SVGSVGElement>;

function Outline({ children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...props}
    >
      {children}
    </svg>
  );
}

export const MenuIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Outline>
);

export const CloseIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M6 6l12 12M18 6L6 18" />
  </Outline>
);

export const ChevronDownIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M6 9l6 6 6-6" />
  </Outline>
);

export const ClockIcon = (props: IconProps) => (
  <Outline {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </Outline>
);

export const AlertIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M12 3l9.5 17h-19L12 3z" />
    <path d="M12 10v4M12 17.5v.01" />
  </Outline>
);

export const MapPinOffIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0113 0c0 5.4-6.5 11-6.5 11z" />
    <path d="M9.5 8.5l5 5M14.5 8.5l-5 5" />
  </Outline>
);

export const WifiOffIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M3 3l18 18M8.5 16.5a5 5 0 017 0M5 12.9a10 10 0 015.2-2.7M19 12.9a10 10 0 00-2.4-1.7M2 8.8a15 15 0 014.3-2.6M22 8.8A15 15 0 0011 5.1" />
    <path d="M12 20h.01" />
  </Outline>
);

export const BarChartIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M4 20h16M7 16v-5M12 16V6M17 16v-8" />
  </Outline>
);

/** The product mark: a location pin over a signal arc. */
export const LogoMark = (props: IconProps) => (
  <svg viewBox="0 0 32 32" aria-hidden="true" {...props}>
    <rect width="32" height="32" rx="8" fill="currentColor" />
    <path
      d="M16 7.5a6 6 0 00-6 6c0 4.4 6 10.5 6 10.5s6-6.1 6-10.5a6 6 0 00-6-6z"
      fill="#fff"
      opacity="0.95"
    />
    <circle cx="16" cy="13.5" r="2.2" fill="currentColor" />
  </svg>
);
