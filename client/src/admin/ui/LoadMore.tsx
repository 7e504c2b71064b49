import { Button } from '@mantine/core';
import type { CursorList } from './use-cursor-list.js';

/** "Load more": the list's next page, while there is one (centred under the list it extends). */
export function LoadMore({ list, label = 'Load more' }: { list: CursorList<unknown>; label?: string }) {
  if (!list.hasMore) return null;
  return (
    <Button variant="default" mx="auto" mt={4} loading={list.loadingMore} onClick={list.loadMore}>
      {label}
    </Button>
  );
}
