import { Badge, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { addPostInput, updatePostInput } from '../../../../shared/post.schema.js';
import { POST_PATH_PREFIX } from '../../../../shared/post-address.js';
import { useTrpc, useTrpcClient } from '../../trpc.js';
import { pagedRows } from '../ui/DataTable.js';
import { longText, newItemCountries, picture, richText } from '../ui/fields.js';
import { WHOLE_WORD } from '../ui/list-cells.js';
import { author, publishing, PostStatusCell, slug, tags, title, type Post } from './post-parts.js';
import { POST_ACTIONS } from './post-actions.js';
import type { SharedContentKind } from './shared-content.js';

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
