import { useEffect, useState, type RefObject } from 'react';

export interface ScrollEdges {
  /** Content lies beyond the left edge. */
  start: boolean;
  /** Content lies beyond the right edge. */
  end: boolean;
}

/** Half a pixel of rounding is no content. */
const SLACK = 1;

export function scrollEdges(box: Pick<HTMLElement, 'scrollLeft' | 'scrollWidth' | 'clientWidth'>) {
  return {
    start: box.scrollLeft > SLACK,
    end: box.scrollLeft + box.clientWidth < box.scrollWidth - SLACK,
  };
}

/**
 * Which sides of a sideways scroll box hide content, kept current as it scrolls or changes
 * size: where to show that there is more.
 */
export function useScrollEdges(ref: RefObject<HTMLElement | null>): ScrollEdges {
  const [edges, setEdges] = useState<ScrollEdges>({ start: false, end: false });
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const update = () => {
      const next = scrollEdges(box);
      setEdges((prev) => (prev.start === next.start && prev.end === next.end ? prev : next));
    };
    update();
    box.addEventListener('scroll', update, { passive: true });
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    resize?.observe(box);
    if (box.firstElementChild) resize?.observe(box.firstElementChild);
    return () => {
      box.removeEventListener('scroll', update);
      resize?.disconnect();
    };
  }, [ref]);
  return edges;
}

/** Room kept beside a revealed item for the fading edge that says there is more. */
const EDGE_ROOM = 48;

/**
 * Scrolls a sideways scroll box (only it, not the page) so the item is wholly in view, clear of
 * the fading edges where there is more beyond it.
 */
export function revealInScroller(box: HTMLElement, item: HTMLElement): void {
  const boxRect = box.getBoundingClientRect();
  const itemRect = item.getBoundingClientRect();
  const left = itemRect.left - boxRect.left + box.scrollLeft;
  const right = left + itemRect.width;
  const room = Math.min(EDGE_ROOM, Math.max(0, (box.clientWidth - itemRect.width) / 2));
  let target = box.scrollLeft;
  if (right > box.scrollLeft + box.clientWidth - room) target = right - box.clientWidth + room;
  if (left < target + room) target = left - room;
  target = Math.max(0, Math.min(target, box.scrollWidth - box.clientWidth));
  if (target !== box.scrollLeft) box.scrollLeft = target;
}
