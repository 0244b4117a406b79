import type { SVGProps } from 'react';

// A handful of 24px outline icons; an icon package would outweigh the few we need.
type IconProps = SVGProps<SVGSVGElement>;

/** The outline frame every icon draws in; features with icons of their own use it too. */
export function Outline({ children, ...props }: IconProps) {
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

export const CheckIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </Outline>
);

/** A circled 'i': more about a form field. */
export const InfoIcon = (props: IconProps) => (
  <Outline {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5M12 7.5v.5" />
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

export const LockIcon = (props: IconProps) => (
  <Outline {...props}>
    <rect x="5" y="11" width="14" height="9" rx="2" />
    <path d="M8 11V8a4 4 0 018 0v3" />
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

export const RefreshIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M20 11a8 8 0 00-14.7-4.4M4 5v4h4M4 13a8 8 0 0014.7 4.4M20 19v-4h-4" />
  </Outline>
);

export const PencilIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4" />
  </Outline>
);

export const TrashIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6" />
  </Outline>
);

export const PlusIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M12 5v14M5 12h14" />
  </Outline>
);

/** A sheet with a folded corner: a file to upload. */
export const FileIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M14 3H7a1 1 0 00-1 1v16a1 1 0 001 1h10a1 1 0 001-1V7l-4-4zM14 3v4h4" />
  </Outline>
);

export const InboxIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M4 13l2.5-8h11L20 13v6H4v-6zM4 13h5l1 2h4l1-2h5" />
  </Outline>
);

export const SendIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M4 12l16-8-6 16-2-7-8-1z" />
  </Outline>
);

export const EraserIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M8 20h12M5 15l9-9 5 5-9 9H7l-2-2v-3z" />
  </Outline>
);

export const SearchIcon = (props: IconProps) => (
  <Outline {...props}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="M20 20l-4.2-4.2" />
  </Outline>
);

/** A barcode in a viewfinder's corners: scanning a device label. */
export const ScanIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M4 8V5a1 1 0 011-1h3M16 4h3a1 1 0 011 1v3M20 16v3a1 1 0 01-1 1h-3M8 20H5a1 1 0 01-1-1v-3" />
    <path d="M8 8v8M11 8v8M14 8v8M17 8v8" />
  </Outline>
);

/** Two arrows swapping places: moving devices to another customer. */

export const SwapIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M7 4L3.5 7.5 7 11M3.5 7.5H16M17 13l3.5 3.5L17 20M20.5 16.5H8" />
  </Outline>
);

/** Three dots: a row's menu of actions. */
export const MoreIcon = (props: IconProps) => (
  <Outline {...props}>
    <path d="M5.5 12h.01M12 12h.01M18.5 12h.01" strokeWidth={3} />
  </Outline>
);
