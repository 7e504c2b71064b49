import { describe, expect, it } from 'vitest';
import { mergeCursorPages, type CursorPage } from './use-cursor-list.js';

function page(ids: number[], hasNextPage: boolean): CursorPage<{ id: number; name: string }> {
  return {
    edges: ids.map((id) => ({ cursor: `c${id}`, node: { id, name: `item ${id}` } })),
    pageInfo: { endCursor: ids.length ? `c${ids.at(-1)}` : null, hasNextPage },
  };
}

describe('mergeCursorPages', () => {
  it('appends each page in order', () => {
    expect(mergeCursorPages([page([9, 8, 7], true), page([6, 5], false)]).map((item) => item.id)).toEqual([
      9, 8, 7, 6, 5,
    ]);
  });

  it('keeps an item once when two pages hold it', () => {
    // E.g. page one refetched after item 7 was deleted, while page two still holds what it fetched before.
    const merged = mergeCursorPages([page([9, 8, 6], true), page([6, 5, 4], false)]);
    expect(merged.map((item) => item.id)).toEqual([9, 8, 6, 5, 4]);
  });

  it('is empty for no pages or empty pages', () => {
    expect(mergeCursorPages([])).toEqual([]);
    expect(mergeCursorPages([page([], false)])).toEqual([]);
  });
});
