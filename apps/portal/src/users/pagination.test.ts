import { describe, expect, it } from 'vitest';
import { jumpTo, pageItems, shownRange } from './pagination';

describe('users pagination', () => {
  it('lists every page up to 7 pages', () => {
    expect(pageItems(1, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('collapses more than 7 pages around the current one', () => {
    expect(pageItems(1, 10)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 10]);
    expect(pageItems(5, 10)).toEqual([1, 'ellipsis-start', 4, 5, 6, 'ellipsis-end', 10]);
    expect(pageItems(10, 10)).toEqual([1, 'ellipsis-start', 6, 7, 8, 9, 10]);
  });

  it('shows the range of a page', () => {
    expect(shownRange(1, 95)).toEqual({ from: 1, to: 30 });
    expect(shownRange(4, 95)).toEqual({ from: 91, to: 95 });
  });

  it('ignores a jump out of range', () => {
    expect(jumpTo(2, 0, 4)).toBe(2);
    expect(jumpTo(2, 5, 4)).toBe(2);
    expect(jumpTo(2, 4, 4)).toBe(4);
  });
});
