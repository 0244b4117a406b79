import { useEffect, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { focusRingInset } from '@app/components/ui/focus';

export interface MenuChoice {
  label: string;
  tone?: 'danger' | undefined;
  onSelect: () => void;
}

/** Where the menu opens: at a pointer (its top-left corner) or under a button (its right edge). */
export interface MenuPlace {
  x: number;
  y: number;
  align: 'start' | 'end';
}

interface RowContextMenuProps {
  /** The menu's accessible name ('Actions for Installer'). */
  label: string;
  at: MenuPlace;
  choices: readonly MenuChoice[];
  /** `restoreFocus`: give focus back to the row (keyboard use); not when the user clicked away. */
  onClose: (restoreFocus: boolean) => void;
  /** Where a press does not count as "outside" (the row's own ⋯ button toggles instead). */
  owner?: () => Element | null;
}

const EDGE_PX = 8;
const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(value, max));

/**
 * A row's context menu: a small floating list of choices at the pointer or under the row's ⋯
 * button, kept inside the viewport. It takes focus (first choice), moves with the arrow keys,
 * Home and End, and closes on Escape, Tab, a press outside, scrolling or resizing.
 */
export function RowContextMenu({ label, at, choices, onClose, owner }: RowContextMenuProps) {
  const ref = useRef<HTMLDivElement>(null);

  // Placed once measured, before the browser paints: never half off-screen, never flickering.
  useLayoutEffect(() => {
    const menu = ref.current;
    if (!menu) return;
    const { width, height } = menu.getBoundingClientRect();
    const left = at.align === 'end' ? at.x - width : at.x;
    const top = at.y + height + EDGE_PX > window.innerHeight ? at.y - height : at.y;
    menu.style.left = `${String(clamp(left, EDGE_PX, window.innerWidth - width - EDGE_PX))}px`;
    menu.style.top = `${String(clamp(top, EDGE_PX, window.innerHeight - height - EDGE_PX))}px`;
    menu.style.visibility = 'visible';
    menu.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [at]);

  useEffect(() => {
    const outside = (event: Event) => {
      const target = event.target as Node;
      if (ref.current?.contains(target) || owner?.()?.contains(target)) return;
      onClose(false);
    };
    const away = () => {
      onClose(false);
    };
    document.addEventListener('pointerdown', outside, true);
    document.addEventListener('scroll', outside, true);
    window.addEventListener('resize', away);
    return () => {
      document.removeEventListener('pointerdown', outside, true);
      document.removeEventListener('scroll', outside, true);
      window.removeEventListener('resize', away);
    };
  }, [onClose, owner]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.findIndex((item) => item === document.activeElement);
    const focus = (i: number) => items[(i + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        focus(index + 1);
        break;
      case 'ArrowUp':
        focus(index - 1);
        break;
      case 'Home':
        focus(0);
        break;
      case 'End':
        focus(items.length - 1);
        break;
      case 'Escape':
      case 'Tab':
        onClose(true);
        break;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
  };

  return createPortal(
    <div
      ref={ref}
      role="menu"
      aria-label={label}
      onKeyDown={onKeyDown}
      // The browser's own menu never opens over ours.
      onContextMenu={(event) => {
        event.preventDefault();
      }}
      style={{ visibility: 'hidden' }}
      className="fixed z-50 min-w-48 rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-200"
    >
      {choices.map((choice) => (
        <button
          key={choice.label}
          type="button"
          role="menuitem"
          tabIndex={-1}
          onClick={choice.onSelect}
          className={`flex min-h-11 w-full items-center rounded-lg px-3 text-left text-sm font-medium hover:bg-slate-100 focus-visible:bg-slate-100 sm:min-h-10 ${choice.tone === 'danger' ? 'text-rose-700' : 'text-slate-800'} ${focusRingInset}`}
        >
          {choice.label}
        </button>
      ))}
    </div>,
    document.body,
  );
}
