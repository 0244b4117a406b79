import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { RowIconButton, type RowActions } from '@app/components/list';
import { MoreIcon } from '@app/components/ui/icons';
import { RowContextMenu, type MenuPlace } from './RowContextMenu';

/** A touch held this long opens the menu (spec 02 "right-click menu", on touch screens). */
export const LONG_PRESS_MS = 500;
/** A finger that moves further than this is scrolling, not pressing. */
const MOVE_TOLERANCE_PX = 10;
/** Marks the wrapper of a row's ⋯ button with the row's key: how an event finds its row. */
const ROW_ATTR = 'data-row-menu';

export interface RowMenuChoice<T> {
  label: string;
  tone?: 'danger';
  onSelect: (row: T) => void;
}

interface RowMenuOptions<T> {
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** The menu's and the ⋯ button's accessible name for a row ('Actions for Installer'). */
  label: (row: T) => string;
  choices: readonly RowMenuChoice<T>[];
}

interface OpenMenu {
  key: string;
  at: MenuPlace;
}

/** The key of the row (table row or card) an event happened in, if it has a menu. */
function rowKeyAt(target: EventTarget | null): string | null {
  if (!(target instanceof Element)) return null;
  const row = target.closest('tr, [role="listitem"]');
  return row?.querySelector(`[${ROW_ATTR}]`)?.getAttribute(ROW_ATTR) ?? null;
}

/**
 * A context menu on the rows of a list page, reachable every way a user may try: right-click,
 * the keyboard (the ContextMenu key or Shift+F10 anywhere in a row), a long press on touch
 * screens, and a visible ⋯ button per row for keyboard and touch users who do not know those.
 * Spread `containerProps` on an element around the ListPage, pass `rowActions` to it, and
 * render `menu`.
 */
export function useRowMenu<T>({ rows, rowKey, label, choices }: RowMenuOptions<T>) {
  const [open, setOpen] = useState<OpenMenu | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const press = useRef<{ timer: ReturnType<typeof setTimeout>; x: number; y: number } | null>(null);
  // A long press ends in a click on the row (some browsers): it must not act as one.
  const swallowClick = useRef(false);

  const ownerOf = useCallback(
    (key: string) =>
      [...(container.current?.querySelectorAll(`[${ROW_ATTR}]`) ?? [])].find(
        (element) => element.getAttribute(ROW_ATTR) === key,
      ) ?? null,
    [],
  );
  const openUnderButton = useCallback(
    (key: string) => {
      const rect = ownerOf(key)?.getBoundingClientRect();
      if (rect) setOpen({ key, at: { x: rect.right, y: rect.bottom + 4, align: 'end' } });
    },
    [ownerOf],
  );
  const cancelPress = useCallback(() => {
    if (press.current) clearTimeout(press.current.timer);
    press.current = null;
  }, []);
  useEffect(() => cancelPress, [cancelPress]);

  const close = useCallback(
    (restoreFocus: boolean) => {
      if (restoreFocus && open) ownerOf(open.key)?.querySelector('button')?.focus();
      setOpen(null);
    },
    [open, ownerOf],
  );

  const containerProps = {
    ref: container,
    onContextMenu: (event: MouseEvent) => {
      const key = rowKeyAt(event.target);
      if (key === null) return;
      event.preventDefault();
      cancelPress();
      // Already open for this row: the long press (or the key) got there first.
      if (open?.key === key) return;
      setOpen({ key, at: { x: event.clientX, y: event.clientY, align: 'start' } });
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key !== 'ContextMenu' && !(event.shiftKey && event.key === 'F10')) return;
      const key = rowKeyAt(event.target);
      if (key === null) return;
      event.preventDefault();
      openUnderButton(key);
    },
    onPointerDown: (event: PointerEvent) => {
      swallowClick.current = false;
      if (event.pointerType === 'mouse') return;
      const key = rowKeyAt(event.target);
      if (key === null) return;
      cancelPress();
      const { clientX: x, clientY: y } = event;
      const timer = setTimeout(() => {
        press.current = null;
        swallowClick.current = true;
        setOpen({ key, at: { x, y, align: 'start' } });
      }, LONG_PRESS_MS);
      press.current = { timer, x, y };
    },
    onPointerMove: (event: PointerEvent) => {
      const start = press.current;
      if (start && Math.hypot(event.clientX - start.x, event.clientY - start.y) > MOVE_TOLERANCE_PX)
        cancelPress();
    },
    onPointerUp: cancelPress,
    onPointerCancel: cancelPress,
    onClickCapture: (event: MouseEvent) => {
      if (!swallowClick.current) return;
      swallowClick.current = false;
      event.preventDefault();
      event.stopPropagation();
    },
  };

  const openKey = open?.key;
  // Stable while nothing opens or closes, for the list's memoised rows.
  const rowActions = useMemo<RowActions<T>>(
    () => ({
      width: 52,
      render: (row, layout) => {
        const key = String(rowKey(row));
        return (
          <span {...{ [ROW_ATTR]: key }}>
            <RowIconButton
              icon={MoreIcon}
              label={layout === 'card' ? 'Actions' : label(row)}
              title={`${label(row)} (right-click or long-press the row too)`}
              withLabel={layout === 'card'}
              menu={{ open: openKey === key }}
              onClick={() => {
                if (openKey === key) close(true);
                else openUnderButton(key);
              }}
            />
          </span>
        );
      },
    }),
    [rowKey, label, openKey, close, openUnderButton],
  );

  const row = open ? rows.find((r) => String(rowKey(r)) === open.key) : undefined;
  const menu: ReactNode =
    open && row !== undefined ? (
      <RowContextMenu
        label={label(row)}
        at={open.at}
        owner={() => ownerOf(open.key)}
        onClose={close}
        choices={choices.map((choice) => ({
          label: choice.label,
          tone: choice.tone,
          onSelect: () => {
            // Focus goes back to the row first, so a dialog the choice opens returns it there.
            close(true);
            choice.onSelect(row);
          },
        }))}
      />
    ) : null;

  return { containerProps, rowActions, menu };
}
