/** How close to the end of the page the next batch is asked for (spec 01 §9). */
export const LOAD_MORE_MARGIN_PX = 1500;

/** True once the bottom of the viewport has passed page height minus 1500 px. */
export const passesLoadMark = (scrollBottom: number, pageHeight: number): boolean =>
  scrollBottom > pageHeight - LOAD_MORE_MARGIN_PX;
