import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TabLinks, type TabLinkItem } from './TabLinks';
import { revealInScroller, scrollEdges } from './use-scroll-edges';

const TABS: TabLinkItem<string>[] = [
  { id: 'devices', label: 'Devices' },
  { id: 'users', label: 'Users' },
  { id: 'cards', label: 'Company Cards', disabledReason: 'Needs the feature' },
  { id: 'servers', label: 'Authentication Servers' },
];

const renderTabs = (active = 'devices') =>
  render(
    <TabLinks
      label="Customer sections"
      tabs={TABS}
      active={active}
      link={(tab, props) => <a href={`?tab=${tab.id}`} {...props} />}
    />,
  );

/** happy-dom lays nothing out: a scroll box of this size, scrolled this far. */
function sizeScrollBox(box: HTMLElement, size: { client: number; scroll: number }) {
  Object.defineProperty(box, 'clientWidth', { configurable: true, get: () => size.client });
  Object.defineProperty(box, 'scrollWidth', { configurable: true, get: () => size.scroll });
}

afterEach(cleanup);

describe('TabLinks', () => {
  it('moves between the tabs with the arrow keys, Home and End, around the ends, past disabled ones', () => {
    renderTabs();
    const link = (name: string) => screen.getByRole('link', { name });
    link('Devices').focus();
    const press = (key: string) => {
      fireEvent.keyDown(document.activeElement ?? document.body, { key });
      return document.activeElement?.textContent;
    };
    expect(press('ArrowRight')).toBe('Users');
    // Company Cards is disabled (no link): the next is Authentication Servers.
    expect(press('ArrowRight')).toBe('Authentication Servers');
    expect(press('ArrowRight')).toBe('Devices');
    expect(press('ArrowLeft')).toBe('Authentication Servers');
    expect(press('Home')).toBe('Devices');
    expect(press('End')).toBe('Authentication Servers');
    // Other keys are left alone.
    expect(press('ArrowDown')).toBe('Authentication Servers');
    expect(link('Devices').getAttribute('aria-current')).toBe('page');
  });

  it('marks the edges beyond which more tabs lie, as the tabs scroll', () => {
    const { container } = renderTabs();
    const nav = screen.getByRole('navigation', { name: 'Customer sections' });
    const more = () =>
      Array.from(container.querySelectorAll('[data-more]')).map((e) => e.getAttribute('data-more'));
    expect(more()).toEqual([]);
    sizeScrollBox(nav, { client: 390, scroll: 600 });
    act(() => {
      nav.scrollLeft = 0;
      fireEvent.scroll(nav);
    });
    expect(more()).toEqual(['end']);
    act(() => {
      nav.scrollLeft = 100;
      fireEvent.scroll(nav);
    });
    expect(more()).toEqual(['start', 'end']);
    act(() => {
      nav.scrollLeft = 210;
      fireEvent.scroll(nav);
    });
    expect(more()).toEqual(['start']);
  });
});

describe('scrollEdges', () => {
  it('says which sides hide content, a pixel of rounding aside', () => {
    expect(scrollEdges({ scrollLeft: 0, clientWidth: 390, scrollWidth: 390 })).toEqual({
      start: false,
      end: false,
    });
    expect(scrollEdges({ scrollLeft: 0, clientWidth: 390, scrollWidth: 391 })).toEqual({
      start: false,
      end: false,
    });
    expect(scrollEdges({ scrollLeft: 0, clientWidth: 390, scrollWidth: 520 })).toEqual({
      start: false,
      end: true,
    });
    expect(scrollEdges({ scrollLeft: 129.5, clientWidth: 390, scrollWidth: 520 })).toEqual({
      start: true,
      end: false,
    });
  });
});

describe('revealInScroller', () => {
  /** A box 390 wide showing 0–390 of 700, and an item at `left` (in content), `width` wide. */
  function layout(left: number, width: number, scrollLeft = 0) {
    const box = document.createElement('div');
    const item = document.createElement('a');
    sizeScrollBox(box, { client: 390, scroll: 700 });
    box.scrollLeft = scrollLeft;
    box.getBoundingClientRect = () => new DOMRect(0, 0, 390, 44);
    item.getBoundingClientRect = () => new DOMRect(left - box.scrollLeft, 0, width, 44);
    return { box, item };
  }

  it('scrolls an item cut at the end into view, clear of the fading edge', () => {
    const { box, item } = layout(330, 200);
    revealInScroller(box, item);
    // Its right edge (530) 48 px inside the box's right edge.
    expect(box.scrollLeft).toBe(530 - 390 + 48);
  });

  it('scrolls back to an item before the start, and leaves one in view alone', () => {
    const back = layout(20, 80, 250);
    revealInScroller(back.box, back.item);
    expect(back.box.scrollLeft).toBe(0);
    const inView = layout(100, 80, 0);
    revealInScroller(inView.box, inView.item);
    expect(inView.box.scrollLeft).toBe(0);
  });

  it('stops at the end of the content', () => {
    const { box, item } = layout(600, 100, 0);
    revealInScroller(box, item);
    expect(box.scrollLeft).toBe(700 - 390);
  });
});
