import {
  Checkbox,
  Radio,
  ScrollArea,
  Select,
  SimpleGrid,
  Text,
  TextInput,
  ThemeIcon,
  Tooltip,
  VisuallyHidden,
  type SelectProps,
} from '@mantine/core';
import { useDebouncedValue, useId } from '@mantine/hooks';
import { IconCheck, IconLock } from '@tabler/icons-react';
import { useState, type ChangeEvent, type ReactNode } from 'react';
import type { ImageCategory, VideoCategory } from '../../../../../shared/enums.js';
import { REASON_TOOLTIP } from '../../ui/IconActions.js';
import { QueryState } from '../../ui/QueryState.js';
import { LoadMore } from '../../ui/LoadMore.js';
import type { CursorList } from '../../ui/use-cursor-list.js';
import classes from './media-choices.module.css';

/** How many pictures or videos one "Load more" adds (as on the public gallery). */
export const MEDIA_PAGE_SIZE = 12;

/** The categories in staff words, in the spec's order (the wire names, e.g. TESTIMONALS, are the spec's). */
export const IMAGE_CATEGORY_LABELS: Record<ImageCategory, string> = {
  BANNER: 'Banner',
  BLOG: 'Blog covers',
  GALLERY_IMAGES: 'Gallery images',
  POPUP: 'Popup',
  SERVICES: 'Services',
  SOCIAL_MEDIA: 'Social media',
  TEAM: 'Team',
  TESTIMONALS: 'Testimonials',
};

export const VIDEO_CATEGORY_LABELS: Record<VideoCategory, string> = {
  ABOUT_US: 'About Us',
  GALLERY_VIDEOS: 'Gallery videos',
};

/** A "Search by name" box's props, and the filter sent to the API (trimmed, after typing pauses; null when empty). */
export function useNameSearch() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => setSearch(event.currentTarget.value);
  return { input: { value: search, onChange }, filter: debounced || null };
}

/** A category list's choices, in the order of its labels (the spec's). */
export function optionsOf<Category extends string>(labels: Record<Category, string>) {
  return (Object.keys(labels) as Category[]).map((value) => ({ value, label: labels[value] }));
}

/** A new item's category: chosen, or shown when it is decided already (by the screen, or an item keeps its own). */
export function CategoryField<Category extends string>({
  labels,
  fixed,
  onChange,
  ...select
}: Omit<SelectProps, 'onChange'> & {
  labels: Record<Category, string>;
  fixed?: Category | null;
  onChange?: (category: Category | null) => void;
}) {
  if (fixed) return <TextInput label="Category" value={labels[fixed]} readOnly description={select.description} />;
  return (
    <Select
      label="Category"
      placeholder="Choose a category"
      required
      allowDeselect={false}
      data={optionsOf(labels)}
      comboboxProps={{ withinPortal: true }}
      onChange={(value) => onChange?.(value as Category | null)}
      {...select}
    />
  );
}

/** What a media list shows instead of its items: why loading failed, a loader, or (nothing to show) `empty`. */
export function ListState({ list, noun, empty }: { list: CursorList<unknown>; noun: string; empty: string }) {
  const { error, loading } = list;
  if (error || loading) return <QueryState query={{ isPending: !error, error }} what={noun} />;
  return (
    <Text size="sm" p="sm" ta="center">
      {empty}
    </Text>
  );
}

/** Choosing several cards (checkboxes, labelled by `label`) or one (radios, labelled by the element `labelledBy`). */
type Choice =
  | { multiple: true; label: string; value: string[]; onChange: (ids: string[]) => void }
  | { multiple?: false; labelledBy: string; value: string | null; onChange: (id: string) => void };

/**
 * Library pictures or videos to choose from, as small cards in a scrolling grid, with the list's states and its
 * "Load more": several at once (what to add to a gallery) or one (an item's image). A chosen card stands out; one
 * the staff member may not choose (`refusalOf` says why) stays in view, dimmed and locked, and cannot be chosen.
 */
export function MediaChoices<Item extends { id: number }>({
  list,
  items = list.items ?? [],
  nameOf,
  preview,
  noun,
  empty,
  moreLabel,
  refusalOf,
  ...choice
}: Choice & {
  list: CursorList<Item>;
  /** What the cards show, when not just the list's items (e.g. fresh uploads first). */
  items?: Item[];
  nameOf: (item: Item) => string;
  preview: (item: Item) => ReactNode;
  /** What the items are, plural: "pictures", "images". */
  noun: string;
  /** The sentence shown when there is nothing to choose. */
  empty: string;
  moreLabel?: string;
  refusalOf?: (item: Item) => string | null | undefined;
}) {
  const reasonId = useId();
  const refused = new Map(
    items.flatMap((item) => {
      const reason = refusalOf?.(item);
      return reason ? [[String(item.id), reason] as const] : [];
    }),
  );
  const grid = (Card: typeof Checkbox.Card | typeof Radio.Card) => (
    <ScrollArea.Autosize mah={choice.multiple ? '50vh' : 260} type="auto" mt={6}>
      {items.length === 0 ? (
        <ListState list={list} noun={noun} empty={empty} />
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
          {items.map((item) => {
            const reason = refused.get(String(item.id));
            return (
              // The tooltip sits on a wrapper: on the card it would take over aria-describedby while open only.
              <Tooltip key={item.id} label={reason} disabled={!reason} {...REASON_TOOLTIP}>
                <div>
                  <Card
                    value={String(item.id)}
                    p={4}
                    radius="sm"
                    aria-label={nameOf(item)}
                    aria-disabled={reason ? true : undefined}
                    aria-describedby={reason ? `${reasonId}-${item.id}` : undefined}
                    data-refused={reason ? true : undefined}
                    className={classes.card}
                  >
                    <ThemeIcon className={classes.tick} radius="xl" size="sm" aria-hidden>
                      <IconCheck size={14} />
                    </ThemeIcon>
                    {reason ? (
                      <ThemeIcon className={classes.lock} color="gray" radius="xl" size="sm" aria-hidden>
                        <IconLock size={14} />
                      </ThemeIcon>
                    ) : null}
                    {preview(item)}
                    <Text size="xs" mt={2} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                      {nameOf(item)}
                    </Text>
                  </Card>
                  {reason ? <VisuallyHidden id={`${reasonId}-${item.id}`}>{reason}</VisuallyHidden> : null}
                </div>
              </Tooltip>
            );
          })}
        </SimpleGrid>
      )}
    </ScrollArea.Autosize>
  );
  return (
    <>
      {choice.multiple ? (
        <Checkbox.Group
          label={choice.label}
          value={choice.value}
          onChange={(ids) => choice.onChange(ids.filter((id) => !refused.has(id)))}
        >
          {grid(Checkbox.Card)}
        </Checkbox.Group>
      ) : (
        <Radio.Group
          aria-labelledby={choice.labelledBy}
          value={choice.value}
          onChange={(id) => refused.has(id) || choice.onChange(id)}
        >
          {grid(Radio.Card)}
        </Radio.Group>
      )}
      <LoadMore list={list} label={moreLabel} />
    </>
  );
}
