import { Group, SimpleGrid, Stack, VisuallyHidden } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useRefetch } from '../../../trpc.js';
import { Toolbar } from '../../ui/Toolbar.js';
import { useCursorList } from '../../ui/use-cursor-list.js';
import { MediaCard } from './MediaCard.js';
import { MediaButtons, MediaDialogs, type MediaDialog } from './MediaDialogs.js';
import { useMediaRefusals, type MediaItem, type MediaKind, type MediaListArgs } from './media-kinds.js';
import { LoadMore } from '../../ui/LoadMore.js';
import { ListState } from './media-parts.js';

type Country = { id: number; name: string };

/**
 * A kind's pictures or videos as cards, a page at a time ("Load more" appends the next page): the library's (those
 * `args` choose) or, with `gallery`, a country's gallery. The library edits an item; a gallery adds some from the
 * library or removes one from itself.
 */
export function MediaScreen<Item extends MediaItem<Category>, Category extends string>({
  kind,
  gallery,
  args,
  label,
  empty,
  tools,
  children,
}: {
  kind: MediaKind<Item, Category>;
  /** The country whose gallery this is: null until one is chosen (nothing listed yet); none in the library. */
  gallery?: Country | null;
  args: Omit<MediaListArgs<Category>, 'after'>;
  /** Names the list for screen readers, e.g. "Pictures in the library". */
  label: string;
  /** The sentence shown when there is nothing to list. */
  empty: string;
  /** The toolbar's own fields: filters, or the country. */
  tools: ReactNode;
  /** Shown above the list (e.g. a notice about the country). */
  children?: ReactNode;
}) {
  const refetchAll = useRefetch();
  const api = kind.useApi();
  const [dialog, setDialog] = useState<MediaDialog<Item> | null>(null);
  const refetch = () => refetchAll('media');
  const list = useCursorList({ enabled: gallery !== null, page: (after) => api.page({ ...args, after }) });
  const refusals = useMediaRefusals(api, list.items);

  return (
    <Stack gap="md">
      <Toolbar end={<MediaButtons kind={kind} gallery={gallery} onOpen={(opened) => setDialog({ kind: opened })} />}>
        <Group align="flex-end">{tools}</Group>
      </Toolbar>
      {children}
      {gallery !== null ? (
        <Stack gap="md" aria-busy={list.fetching}>
          {list.error || !list.items?.length ? (
            <ListState list={list} noun={kind.many} empty={empty} />
          ) : (
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md" role="list" aria-label={label}>
              {list.items.map((item) => (
                <MediaCard
                  key={item.id}
                  kind={kind}
                  item={item}
                  refusal={refusals.get(item.id)}
                  gallery={gallery && { name: gallery.name, remove: () => api.removeFromGallery(item.id, gallery.id) }}
                  onRemoved={refetch}
                  onEdit={kind.Edit && !gallery ? () => setDialog({ kind: 'edit', item }) : undefined}
                  onDelete={() => setDialog({ kind: 'delete', item })}
                />
              ))}
            </SimpleGrid>
          )}
          {list.items ? (
            <VisuallyHidden aria-live="polite">{`${list.items.length} ${kind.many} shown`}</VisuallyHidden>
          ) : null}
          <LoadMore list={list} />
        </Stack>
      ) : null}
      <MediaDialogs
        kind={kind}
        api={api}
        gallery={gallery}
        dialog={dialog}
        onClose={() => setDialog(null)}
        refetch={refetch}
      />
    </Stack>
  );
}
