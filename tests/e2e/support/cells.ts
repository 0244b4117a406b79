import type { Page } from 'playwright-core';

export interface ColumnFit {
  header: string;
  /** How many of the column's rendered cells were looked at. */
  cells: number;
  /** The texts of cells shown cut: clipped sideways, lines hidden, or a word broken in two. */
  cut: string[];
}

/**
 * Whether the rendered cells of the named columns show their whole text: a cell's text box (the
 * cell, or the block inside it that holds the lines) neither scrolls sideways nor hides a line,
 * and no word is split over two lines. Only the rows in the DOM (the virtualised table's).
 */
export function columnFit(page: Page, headers: readonly string[]): Promise<ColumnFit[]> {
  return page.evaluate((wanted) => {
    const heads = Array.from(document.querySelectorAll('table thead th')).map((th) =>
      th.textContent.trim(),
    );
    const splitWord = (box: Element) => {
      const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          if (range.getClientRects().length > 1) return true;
        }
      }
      return false;
    };
    return wanted.map((header) => {
      const column = heads.indexOf(header) + 1;
      const cells =
        column === 0
          ? []
          : Array.from(
              document.querySelectorAll(`tbody tr:not([aria-hidden]) > td:nth-child(${column})`),
            );
      const cut = cells
        .filter((td) => {
          const box = td.firstElementChild?.tagName === 'DIV' ? td.firstElementChild : td;
          return (
            box.scrollWidth > box.clientWidth ||
            box.scrollHeight > box.clientHeight ||
            splitWord(box)
          );
        })
        .map((td) => td.textContent);
      return { header, cells: cells.length, cut };
    });
  }, headers);
}

/**
 * The named headers whose column is not wholly in view: missing from the table, or past its
 * scroll box's edges (reached only by scrolling sideways). Also whether the box scrolls at all.
 */
export function columnsOutOfView(
  page: Page,
  headers: readonly string[],
): Promise<{ outOfView: string[]; scrollsSideways: boolean }> {
  return page.evaluate((wanted) => {
    const table = document.querySelector('table');
    const box = table?.parentElement;
    if (!table || !box) return { outOfView: [...wanted], scrollsSideways: false };
    const edges = box.getBoundingClientRect();
    const heads = Array.from(table.querySelectorAll('thead th'));
    const outOfView = wanted.filter((header) => {
      const th = heads.find((h) => h.textContent.trim() === header);
      const r = th?.getBoundingClientRect();
      return !r || r.left < edges.left - 0.5 || r.right > edges.left + box.clientWidth + 0.5;
    });
    return { outOfView, scrollsSideways: box.scrollWidth > box.clientWidth };
  }, headers);
}
