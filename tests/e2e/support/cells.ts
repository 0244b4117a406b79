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
