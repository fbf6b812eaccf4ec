import { PAGINATION_COLLAPSE_PAGES, USERS_PAGE_SIZE } from '@portico/contracts';

export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
}

/** "Showing X-Y of N users" figures for a page; X is 0 when there is nothing. */
export function shownRange(page: number, total: number): { from: number; to: number } {
  const from = total === 0 ? 0 : (page - 1) * USERS_PAGE_SIZE + 1;
  return { from, to: Math.min(page * USERS_PAGE_SIZE, total) };
}

/**
 * The page buttons: every page up to 7 pages; beyond that the first, the last and the current
 * page with its neighbours, with an ellipsis for each gap.
 */
export function pageItems(page: number, pages: number): PageItem[] {
  if (pages <= PAGINATION_COLLAPSE_PAGES) {
    return Array.from({ length: pages }, (_, index) => index + 1);
  }
  const start = Math.max(2, Math.min(page - 1, pages - 4));
  const end = Math.min(pages - 1, Math.max(page + 1, 5));
  const items: PageItem[] = [1];
  if (start > 2) items.push('ellipsis-start');
  for (let n = start; n <= end; n += 1) items.push(n);
  if (end < pages - 1) items.push('ellipsis-end');
  items.push(pages);
  return items;
}

/** A page jump out of range is ignored (section 4): the current page stays. */
export function jumpTo(current: number, target: number, pages: number): number {
  return Number.isInteger(target) && target >= 1 && target <= pages ? target : current;
}
