import { useEffect } from 'react';
import { passesLoadMark } from '@app/features/device-detail/model/infinite-scroll';

/**
 * Calls `onLoadMore` when the window is scrolled near the end of the page, while `enabled`
 * (no call in progress, not at the end: spec 01 §9). Also checks at once, so a batch too short
 * to scroll keeps loading until the page fills the screen.
 */
export function useInfiniteScroll(enabled: boolean, onLoadMore: () => void): void {
  useEffect(() => {
    if (!enabled) return;
    const check = () => {
      const page = document.documentElement;
      if (passesLoadMark(window.scrollY + window.innerHeight, page.scrollHeight)) onLoadMore();
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [enabled, onLoadMore]);
}
