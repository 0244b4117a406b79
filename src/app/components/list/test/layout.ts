import { afterEach, beforeEach, vi } from 'vitest';

/** happy-dom lays nothing out: give scroll boxes a height so the virtualizer renders rows. */
export function giveElementsASize(height = 800, width = 1280): () => void {
  const proto = HTMLElement.prototype;
  Object.defineProperty(proto, 'clientHeight', { configurable: true, get: () => height });
  Object.defineProperty(proto, 'clientWidth', { configurable: true, get: () => width });
  return () => {
    Reflect.deleteProperty(proto, 'clientHeight');
    Reflect.deleteProperty(proto, 'clientWidth');
  };
}

/** `giveElementsASize` around every test of the file (call it at the top level). */
export function sizeElementsInEachTest(height?: number, width?: number): void {
  let restore: () => void = () => undefined;
  beforeEach(() => {
    restore = giveElementsASize(height, width);
  });
  afterEach(() => {
    restore();
  });
}

/** Lists switch to cards below the desktop width; this makes every media query a phone's. */
export function usePhoneLayout(): void {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        matches: false,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}
