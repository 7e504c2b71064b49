import { Anchor, Group, Radio, Select, Skeleton, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { lazy, Suspense } from 'react';
import { POST_PATH_PREFIX, slugOf } from '../../../../shared/post-address.js';
import { useTrpc, type ApiOutputs } from '../../trpc.js';
import type { Field, FieldProps } from '../ui/fields.js';
import { DraftBadge } from './item-drafts.js';
import { formatWhen, StatusDot, type Statuses } from '../ui/list-cells.js';

/** The parts of a post's form and list that are the blog's own: title and slug, author, tags, publishing, status. */

// The date pickers load only when a post is scheduled.
const DateTimeField = lazy(() => import('../ui/DateTimeField.js'));

export type Post = ApiOutputs['post']['getAll']['data'][number];
type PostStatus = Post['status'];

const STATUSES: Statuses<PostStatus> = {
  values: ['DRAFT', 'SCHEDULED', 'PUBLISHED'],
  labels: { DRAFT: 'Draft', SCHEDULED: 'Scheduled', PUBLISHED: 'Published' },
  colors: { DRAFT: 'gray', SCHEDULED: 'blue', PUBLISHED: 'green' },
};

/**
 * A title and the slug that follows it: a new post's slug is made from its title until the staff member writes a
 * slug of their own (a slug other than the title's). A saved post keeps its slug: changing it changes its address.
 */
export const title: Field<Post> = {
  name: 'title',
  valueOf: (post) => post?.title ?? '',
  Input: ({ form, item }) => {
    return (
      <TextInput
        label="Title"
        required
        {...form.getInputProps('title')}
        onChange={(event) => {
          const { title, slug } = form.getValues() as { title: string; slug: string };
          const next = event.currentTarget.value;
          if (!item && slug === slugOf(title)) form.setFieldValue('slug', slugOf(next));
          form.setFieldValue('title', next);
        }}
      />
    );
  },
};

export const slug: Field<Post> = {
  name: 'slug',
  valueOf: (post) => post?.slug ?? '',
  Input: ({ form, item }) => (
    <TextInput
      label="Slug"
      required
      description={
        <>
          Its address: {POST_PATH_PREFIX}
          {String(form.getValues().slug) || '…'}
          {item ? '. The old address keeps leading to the post.' : null}
        </>
      }
      {...form.getInputProps('slug')}
    />
  ),
};

/** The staff a post may name as its author; a new post's is the staff member writing it. */
export const author: Field<Post> = {
  name: 'author_id',
  valueOf: (post, { actor }) => {
    const id = post ? post.author?.id : actor?.staffId;
    return id ? String(id) : null;
  },
  inputOf: (value) => (value ? Number(value) : null),
  Input: AuthorField,
};

function AuthorField({ form, item }: FieldProps<Post>) {
  const trpc = useTrpc();
  const authors = useQuery(trpc.post.authors.queryOptions());
  const current = item?.author;
  // An author who has left is no longer offered, but their posts keep their name.
  const offered = [
    ...(authors.data ?? []),
    ...(current && !authors.data?.some((a) => a.id === current.id) ? [current] : []),
  ];
  return (
    <Select
      label="Author"
      clearable
      placeholder="No author"
      searchable={offered.length > 8}
      data={offered.map((a) => ({ value: String(a.id), label: a.name }))}
      comboboxProps={{ withinPortal: true }}
      {...form.getInputProps('author_id')}
    />
  );
}

export const tags: Field<Post> = {
  name: 'tags',
  valueOf: (post) => post?.tags ?? [],
  Input: ({ form }) => (
    <TagsInput
      label="Tags"
      description="Up to 10; press Enter after each"
      maxTags={10}
      clearable
      comboboxProps={{ withinPortal: true }}
      {...form.getInputProps('tags')}
    />
  ),
};

/** When a post shows, as the form holds it: the choice, the time chosen for a schedule, a published post's time. */
interface Publishing {
  mode: 'draft' | 'now' | 'schedule';
  /** The scheduled time as the picker gives it (`YYYY-MM-DD HH:mm:ss`, the staff member's own time zone). */
  at: string | null;
  /** When a published post went out: it keeps that time. */
  since: string | null;
}

const PICKER_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** Draft (no time), published (now, or the time it already has) or scheduled (the chosen time, with its offset). */
export const publishing: Field<Post> = {
  name: 'published_at',
  valueOf: (post): Publishing => {
    if (!post?.published_at) return { mode: 'draft', at: null, since: null };
    if (post.status === 'SCHEDULED') {
      return { mode: 'schedule', at: dayjs(post.published_at).format(PICKER_FORMAT), since: null };
    }
    return { mode: 'now', at: null, since: post.published_at };
  },
  inputOf: (value) => {
    const { mode, at, since } = value as Publishing;
    if (mode === 'draft') return null;
    if (mode === 'now') return since ?? new Date().toISOString();
    // No time chosen yet: the schema's "Enter a valid date and time".
    return at ? dayjs(at).format() : '';
  },
  Input: PublishingField,
};

function PublishingField({ form }: FieldProps<Post>) {
  const { value, error } = form.getInputProps('published_at') as { value: Publishing; error?: string };
  const set = (change: Partial<Publishing>) => form.setFieldValue('published_at', { ...value, ...change });
  return (
    <Stack gap="xs">
      <Radio.Group
        label="Publishing"
        value={value.mode}
        onChange={(mode) => set({ mode })}
        error={value.mode === 'schedule' ? undefined : error}
      >
        <Group gap="md" mt={6}>
          <Radio value="draft" label="Draft" />
          <Radio value="now" label={value.since ? `Published ${formatWhen(value.since)}` : 'Publish now'} />
          <Radio value="schedule" label="Schedule" />
        </Group>
      </Radio.Group>
      {value.mode === 'schedule' ? (
        <Suspense fallback={<Skeleton height={60} radius="sm" />}>
          <DateTimeField
            label="Publish on"
            required
            description="The post shows on the blog from this time on"
            minDate={new Date()}
            value={value.at}
            onChange={(at) => set({ at })}
            // Closed without a time: say so (Save stays off until one is chosen).
            onDropdownClose={() => form.validateField('published_at')}
            error={error}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}

/** A post's status, its time, and for a published post a link to it on the site. */
export function PostStatusCell({ post }: { post: Post }) {
  return (
    <Stack gap={2} align="flex-start">
      <StatusDot statuses={STATUSES} status={post.status} />
      {post.has_draft ? <DraftBadge /> : null}
      {post.published_at ? (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {post.status === 'SCHEDULED' ? 'for ' : ''}
          {formatWhen(post.published_at)}
        </Text>
      ) : null}
      {post.status === 'PUBLISHED' ? (
        <Anchor
          href={`${POST_PATH_PREFIX}${post.slug}`}
          target="_blank"
          rel="noopener"
          size="xs"
          aria-label={`View ${post.title} on the site (opens in a new tab)`}
        >
          View
        </Anchor>
      ) : null}
    </Stack>
  );
}
