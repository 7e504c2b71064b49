import { Select, Stack, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { BANNER_NOT_YOURS_MESSAGE } from '../../../../shared/access.js';
import { addBannerInput, updateBannerInput } from '../../../../shared/banner.schema.js';
import { useTrpc, useTrpcClient } from '../../trpc.js';
import { pagedRows } from '../ui/DataTable.js';
import { PreviewLinkDialog } from '../ui/PreviewLinkDialog.js';
import { longText, picture, text } from '../ui/fields.js';
import { pictureColumn } from '../ui/thumbnails.js';
import {
  bannerPages,
  buttonColumn,
  mayShowOn,
  PAGE_OWNERS,
  shownIn,
  shownInColumn,
  sitePages,
  type Banner,
} from './banner-pages.js';
import { DraftBadge } from './item-drafts.js';
import type { SharedContentKind } from './shared-content.js';

/**
 * A link that shows the banner on the site, as its draft makes it, to anyone holding it (48 hours): on its first page,
 * or another of its pages staff choose.
 */
function PreviewDialog({ item, onClose }: { item: Banner; onClose: () => void }) {
  const { banner } = useTrpcClient();
  const [pageId, setPageId] = useState<number>();
  return (
    <PreviewLinkDialog
      title={`Preview ${item.title}`}
      makeLink={() => banner.previewLink.mutate({ id: item.id, page_id: pageId })}
      linkKey={pageId}
      choice={(link) =>
        link.pages.length > 1 ? (
          <Select
            label="Show it on"
            data={link.pages.map((page) => ({ value: String(page.id), label: page.name }))}
            value={String(link.page_id)}
            allowDeselect={false}
            onChange={(value) => setPageId(Number(value))}
          />
        ) : null
      }
      onClose={onClose}
    >
      Anyone with this link sees the banner first on the page, as {item.has_draft ? 'its draft makes it' : 'it is now'},
      in any country, without signing in.
    </PreviewLinkDialog>
  );
}

/**
 * The banners at the top of public pages (spec §3 "Banner"), shared between pages; each shown in every country whose
 * site has its pages, or kept to some (a country's own hero, decision 037).
 */
export const BANNERS: SharedContentKind<Banner> = {
  title: 'Banner',
  one: 'banner',
  Many: 'Banners',
  nameOf: (banner) => banner.title,
  owners: PAGE_OWNERS,
  ownersOf: (banner) => banner.pages,
  lockedMessage: BANNER_NOT_YOURS_MESSAGE,
  linkableOwners: (banner, pages, actor) =>
    sitePages(pages).filter((page) => mayShowOn(actor, page, banner.only_country_ids)),
  columns: [
    pictureColumn('Image', { w: 96, h: 40 }),
    {
      id: 'title',
      header: 'Title',
      cell: ({ row }) => (
        <Stack gap={4} align="flex-start">
          {row.original.title}
          {row.original.has_draft ? <DraftBadge /> : null}
        </Stack>
      ),
    },
    {
      id: 'description',
      header: 'Description',
      cell: ({ row }) => (
        <Text size="sm" lineClamp={2} maw={280}>
          {row.original.description}
        </Text>
      ),
    },
    buttonColumn,
  ],
  columnsAfterCountries: [shownInColumn],
  actions: [{ label: (name) => `Preview ${name}`, icon: IconEye, Dialog: PreviewDialog }],
  domain: 'banner',
  useApi: ({ ownerId: pageId, paging }) => {
    const trpc = useTrpc();
    const { banner } = useTrpcClient();
    // Every banner (getAllBanners), or the banners of the chosen page (getBanners).
    const all = useQuery({ ...trpc.banner.getAll.queryOptions({ paginate: paging.paging }), enabled: pageId === null });
    const ofPage = useQuery({
      ...trpc.banner.ofPage.queryOptions({ page_id: pageId ?? 0, paginate: paging.paging }),
      enabled: pageId !== null,
    });
    return {
      list: pagedRows(pageId === null ? all : ofPage),
      add: banner.add.mutate,
      update: banner.update.mutate,
      link: (id, pageId) => banner.addToPage.mutate({ banner_ids: [id], page_id: pageId }),
      unlink: (id, pageId) => banner.removeFromPage.mutate({ banner_id: id, page_id: pageId }),
      remove: (id, confirm) => banner.delete.mutate({ banner_id: id, confirm }),
      // A banner on a page is seen: its changes may wait as a draft (decision 041).
      drafts: {
        isLive: () => true,
        // The list of every banner knows; a page's (a public list) does not, so the form asks.
        hasDraft: (item) => item.has_draft,
        load: async (id) => {
          const draft = await banner.draft.query({ id });
          return draft && { ...draft, item: draft.banner };
        },
        save: banner.saveDraft.mutate,
        discard: (id) => banner.discardDraft.mutate({ id }),
      },
    };
  },
  schemas: { add: addBannerInput, update: updateBannerInput },
  fields: [
    text('title', 'Title', { required: true }),
    longText('description', 'Description', { minRows: 2, maxRows: 6 }),
    text('button_name', 'Button name', {
      blankIsNone: true,
      description: 'The button shows only with a name and a link',
    }),
    text('button_url', 'Button link', {
      blankIsNone: true,
      description: 'An http(s) link, or a page of this site such as /contact-us',
    }),
    picture('Image', 'BANNER', 'banner'),
    shownIn,
    bannerPages,
  ],
};
