import type { ReactNode, SVGProps } from 'react';

// The device screen's few extra outline icons, drawn like those of components/ui/icons.
type IconProps = SVGProps<SVGSVGElement>;

function Outline({ children, ...props }: IconProps & { children: ReactNode }) {
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
