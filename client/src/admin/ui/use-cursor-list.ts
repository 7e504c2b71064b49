import {
  useInfiniteQuery,
  useQueryClient,
  type FetchQueryOptions,
  type QueryKey,
  type SkipToken,
} from '@tanstack/react-query';
import { useMemo } from 'react';

/** A cursor page of the API (spec §3: edges{cursor, node}, pageInfo{endCursor, hasNextPage}). */
export interface CursorPage<Node> {
  edges: { cursor: string; node: Node }[];
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
}

/** The nodes of all loaded pages, each once (pages fetched at different moments may overlap after a change). */
export function mergeCursorPages<Node extends { id: number }>(pages: readonly CursorPage<Node>[]): Node[] {
  const seen = new Set<number>();
  const merged: Node[] = [];
  for (const page of pages) {
    for (const { node } of page.edges) {
      if (seen.has(node.id)) continue;
      seen.add(node.id);
      merged.push(node);
    }
  }
  return merged;
}

/** A list of cursor pages as screens use it. */
export interface CursorList<Node> {
  /** The merged items; undefined until the first page has loaded. */
  items: Node[] | undefined;
  loading: boolean;
  fetching: boolean;
  error: Error | null;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

/** The options of one page's query (e.g. tRPC's `queryOptions`): its key, and a query function answering a page. */
interface PageQuery {
  queryKey: QueryKey;
  queryFn?: unknown;
}

/** The node type of the cursor page a page query answers. */
type NodeOf<Options> = Options extends { queryFn?: infer Fn }
  ? Exclude<Fn, undefined | SkipToken> extends (...args: never[]) => infer Answer
    ? Awaited<Answer> extends CursorPage<infer Node>
      ? Node
      : never
    : never
  : never;

/**
 * A list loaded a cursor page at a time ("Load more"), its pages merged (spec §7: "Image and video lists merge
 * cursor pages as more are loaded"). One infinite query: after a change (`invalidateQueries` of the domain) it
 * refetches the loaded pages in order, each from its predecessor's fresh `endCursor`, so nothing is skipped or shown
 * twice.
 */
export function useCursorList<Options extends PageQuery>({
  page,
  enabled = true,
}: {
  /**
   * The query of one page after a cursor (e.g. `trpc.media.allImages.queryOptions({ ...input, after })`). The
   * list's own key is the first page's key plus "list": under the domain's path, so its invalidation reaches it.
   */
  page: (after: string | null) => Options;
  enabled?: boolean;
}): CursorList<NodeOf<Options>> {
  type Node = NodeOf<Options> & { id: number };
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: [...page(null).queryKey, 'list'],
    enabled,
    initialPageParam: null as string | null,
    // Each page is fetched fresh and not kept on its own: the list holds it.
    queryFn: ({ pageParam }) =>
      queryClient.fetchQuery({
        ...(page(pageParam) as FetchQueryOptions<CursorPage<Node>>),
        staleTime: 0,
        gcTime: 0,
      }),
    getNextPageParam: (last) => (last.pageInfo.hasNextPage && last.pageInfo.endCursor) || undefined,
  });
  const pages = query.data?.pages;
  const items = useMemo(() => (pages ? mergeCursorPages(pages) : undefined), [pages]);
  return {
    items,
    loading: query.isPending && enabled,
    fetching: query.isFetching,
    error: query.error,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
  };
}
