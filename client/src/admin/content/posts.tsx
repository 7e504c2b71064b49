import { Anchor, Badge, Group, Radio, Select, Skeleton, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { lazy, Suspense } from 'react';
import { addPostInput, updatePostInput } from '../../../../shared/post.schema.js';
import { POST_PATH_PREFIX, slugOf } from '../../../../shared/post-address.js';
import { useTrpc, useTrpcClient, type ApiOutputs } from '../../trpc.js';
import { pagedRows } from '../ui/DataTable.js';
import { longText, newItemCountries, picture, richText, type Field, type FieldProps } from '../ui/fields.js';
import { formatWhen, StatusDot, WHOLE_WORD, type Statuses } from '../ui/list-cells.js';
import { POST_ACTIONS } from './post-actions.js';
import type { SharedContentKind } from './shared-content.js';

// The date pickers load only when a post is scheduled.
const DateTimeField = lazy(() => import('../ui/DateTimeField.js'));

type Post = ApiOutputs['post']['getAll']['data'][number];
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
const title: Field<Post> = {
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

const slug: Field<Post> = {
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
const author: Field<Post> = {
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

const tags: Field<Post> = {
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
const publishing: Field<Post> = {
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
function PostStatusCell({ post }: { post: Post }) {
  return (
    <Stack gap={2} align="flex-start">
      <StatusDot statuses={STATUSES} status={post.status} />
      {post.has_draft ? (
        <Badge size="sm" variant="dot" color="orange" styles={WHOLE_WORD}>
          Unpublished draft
        </Badge>
      ) : null}
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

/** The blog's posts (issue 20, decision 039), shared between countries like testimonials. */
export const POSTS: SharedContentKind<Post> = {
  title: 'Post',
  one: 'post',
  Many: 'Posts',
  nameOf: (post) => post.title,
  columns: [
    {
      id: 'title',
      header: 'Title',
      cell: ({ row }) => (
        <Stack gap={2} maw={320}>
          <Text size="sm" fw={500}>
            {row.original.title}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {POST_PATH_PREFIX}
            {row.original.slug}
          </Text>
        </Stack>
      ),
    },
    { id: 'status', header: 'Status', cell: ({ row }) => <PostStatusCell post={row.original} /> },
    {
      id: 'tags',
      header: 'Tags',
      cell: ({ row }) => (
        <Group gap={4} maw={240}>
          {row.original.tags.map((tag) => (
            <Badge key={tag} variant="light" color="gray" styles={WHOLE_WORD}>
              {tag}
            </Badge>
          ))}
        </Group>
      ),
    },
  ],
  domain: 'post',
  useApi: ({ ownerId: countryId, paging }) => {
    const trpc = useTrpc();
    const { post } = useTrpcClient();
    const list = useQuery(trpc.post.getAll.queryOptions({ paginate: paging.paging, country_id: countryId }));
    return {
      list: pagedRows(list),
      add: post.add.mutate,
      update: post.update.mutate,
      link: (id, countryId) => post.addToCountry.mutate({ post_ids: [id], country_id: countryId }),
      unlink: (id, countryId) => post.removeFromCountry.mutate({ post_id: id, country_id: countryId }),
      remove: (id, confirm) => post.delete.mutate({ post_id: id, confirm }),
      drafts: {
        isLive: (item) => item.status === 'PUBLISHED',
        hasDraft: (item) => item.has_draft,
        load: async (id) => {
          const draft = await post.draft.query({ id });
          return draft && { ...draft, item: { ...draft.post, has_draft: true } };
        },
        save: post.saveDraft.mutate,
        discard: (id) => post.discardDraft.mutate({ id }),
      },
    };
  },
  schemas: { add: addPostInput, update: updatePostInput },
  fields: [
    title,
    slug,
    longText('excerpt', 'Excerpt', {
      minRows: 2,
      maxRows: 5,
      description: 'A sentence or two for the blog list and link previews',
    }),
    picture('Cover', 'BLOG'),
    richText('body_html', 'Body'),
    author,
    tags,
    publishing,
    newItemCountries(),
  ],
  actions: POST_ACTIONS,
};
