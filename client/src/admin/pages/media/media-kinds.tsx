import { IconPhotoMinus, IconUpload, IconVideoMinus, IconVideoPlus } from '@tabler/icons-react';
import type { QueryKey, SkipToken } from '@tanstack/react-query';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { useActor } from '../../actor.js';
import type { ComponentType, ReactNode } from 'react';
import type { DeleteResult } from '../../../../../shared/delete-result.js';
import type { ImageCategory, VideoCategory } from '../../../../../shared/enums.js';
import { externalLinkOf } from '../../../public/content/embeds.js';
import { useTrpc, type ApiOutputs } from '../../../trpc.js';
import { LinkCell } from '../../ui/cells.js';
import type { CursorPage } from '../../ui/use-cursor-list.js';
import { PictureThumbnail, VideoThumbnail } from '../../ui/thumbnails.js';
import { IMAGE_CATEGORY_LABELS, MEDIA_PAGE_SIZE, VIDEO_CATEGORY_LABELS } from './media-parts.js';
import { PictureAltTextDetails, PictureAltTextModal } from './PictureAltText.js';
import { UploadPicturesModal } from './UploadPicturesModal.js';
import { VideoModal, type LibraryVideo } from './VideoModal.js';

/** One cursor page's query as tRPC's `queryOptions` answers it (what `useCursorList` loads). */
export interface MediaPageQuery<Item> {
  queryKey: QueryKey;
  queryFn?: ((...args: never[]) => Promise<CursorPage<Item>> | CursorPage<Item>) | SkipToken;
}

/** Which items a list shows: a category (or all), a country's gallery, or what that gallery lacks. */
export interface MediaListArgs<Category> {
  category: Category | null;
  country_id?: number;
  not_in_gallery_of?: number;
  filter?: string | null;
  after: string | null;
}

/** What the signed-in staff member may not do to one item (change it, delete it), and why. */
export type MediaRefusal = ApiOutputs['media']['imageRefusals'][number];

/** The query answering some items' refusals (pictures' and videos' have the same shape). */
type RefusalsQuery = ReturnType<ReturnType<typeof useTrpc>['media']['imageRefusals']['queryOptions']>;

/** The API calls of one media kind, bound to the screen's tRPC client. */
export interface MediaApi<Item, Category> {
  page: (args: MediaListArgs<Category>) => MediaPageQuery<Item>;
  /** What the signed-in staff member may not do to these items (an EDITOR's limits, decision 024). */
  refusals: (ids: number[]) => RefusalsQuery;
  addToGallery: (ids: number[], countryId: number) => Promise<unknown>;
  removeFromGallery: (id: number, countryId: number) => Promise<DeleteResult>;
  remove: (id: number, confirm: boolean) => Promise<DeleteResult>;
}

/**
 * What the signed-in staff member may not do to the items shown, by item id: asked a page's worth at a time, so
 * "Load more" asks only for the new page. An ADMIN may do anything and asks nothing. While a page's answer loads, its
 * items keep what an earlier answer said of them (a search narrows the list into pages of other ids, asked anew, and
 * a card the search kept should not show a refused action as offered meanwhile); new items show nothing until then
 * (the API refuses regardless).
 */
export function useMediaRefusals(
  api: Pick<MediaApi<unknown, unknown>, 'refusals'>,
  items: readonly { id: number }[] | undefined,
): Map<number, MediaRefusal> {
  const editor = useActor().data?.role === 'EDITOR';
  const pages: number[][] = [];
  if (editor && items) {
    for (let start = 0; start < items.length; start += MEDIA_PAGE_SIZE) {
      pages.push(items.slice(start, start + MEDIA_PAGE_SIZE).map((item) => item.id));
    }
  }
  const queries = pages.map((ids) => api.refusals(ids));
  const answers = useQueries({ queries });
  const queryClient = useQueryClient();
  // What any cached answer of this kind said of these ids (a tRPC key starts with its procedure's path).
  const earlier = (ids: number[]) =>
    queryClient
      .getQueriesData<MediaRefusal[]>({ queryKey: queries[0]!.queryKey.slice(0, 1) })
      .flatMap(([, answer]) => answer ?? [])
      .filter((refusal) => ids.includes(refusal.id));
  const known = answers.flatMap((answer, index) => answer.data ?? earlier(pages[index]!));
  return new Map(known.map((refusal) => [refusal.id, refusal]));
}

/** A picture or video of the library. */
export type MediaItem<Category extends string> = { id: number; category: Category; created_at: string };

/**
 * What the library and gallery screens need of one kind of media (pictures, videos): its words, how an item shows,
 * its API and its dialogs. One definition per kind; the screens are the same (decision 038).
 */
export interface MediaKind<Item extends MediaItem<Category>, Category extends string> {
  /** "picture", "pictures", "Pictures". */
  one: string;
  many: string;
  Many: string;
  galleryCategory: Category;
  /** The categories in staff words (the library's filter, a card's badge). */
  categoryLabels: Record<Category, string>;
  /** The library list's name when showing one category. */
  libraryLabel: (category: Category) => string;
  nameOf: (item: Item) => string;
  preview: (item: Item, height?: number) => ReactNode;
  /** Shown under the card's name (a video's link, a picture's alternative text). */
  details?: (item: Item) => ReactNode;
  removeIcon: ReactNode;
  /** The button that opens `NewItems`: "Upload Pictures", "Add Video". */
  newItemsLabel: string;
  newItemsIcon: ReactNode;
  /** The dialog that brings new items into the library (of `category`, when the screen decides it). */
  NewItems: ComponentType<{
    category?: Category;
    title?: string;
    onClose: () => void;
    /** Gets the new items' ids (the screen may add them to a gallery). */
    onAdded: (ids: number[]) => Promise<void>;
  }>;
  /** Changing an item's details in the library (videos: link and name; pictures: their alternative text). */
  Edit?: ComponentType<{ item: Item; onClose: () => void; onSaved: () => Promise<void> }>;
  /** The library's empty list: what to do first. */
  emptyLibrary: string;
  useApi: () => MediaApi<Item, Category>;
}

export type LibraryPicture = ApiOutputs['media']['allImages']['edges'][number]['node'];

export const PICTURES: MediaKind<LibraryPicture, ImageCategory> = {
  one: 'picture',
  many: 'pictures',
  Many: 'Pictures',
  galleryCategory: 'GALLERY_IMAGES',
  categoryLabels: IMAGE_CATEGORY_LABELS,
  libraryLabel: (category) => `${IMAGE_CATEGORY_LABELS[category]} pictures`,
  nameOf: (picture) => picture.image_name,
  preview: (picture, height) => <PictureThumbnail url={picture.image_url} height={height} />,
  details: (picture) => <PictureAltTextDetails picture={picture} />,
  removeIcon: <IconPhotoMinus size={18} aria-hidden />,
  newItemsLabel: 'Upload Pictures',
  newItemsIcon: <IconUpload size={16} aria-hidden />,
  NewItems: ({ onAdded, ...props }) => (
    <UploadPicturesModal {...props} onUploaded={(pictures) => onAdded(pictures.map((picture) => picture.id))} />
  ),
  Edit: ({ item, onClose, onSaved }) => <PictureAltTextModal picture={item} onClose={onClose} onSaved={onSaved} />,
  emptyLibrary: 'No pictures yet: upload some.',
  useApi: () => {
    const { media } = useTrpc();
    const addToGallery = useMutation(media.addImagesToGallery.mutationOptions()).mutateAsync;
    const removeFromGallery = useMutation(media.deleteImageFromGallery.mutationOptions()).mutateAsync;
    const remove = useMutation(media.deleteImage.mutationOptions()).mutateAsync;
    return {
      page: ({ category, after, ...args }) =>
        category
          ? media.imagesOfCategory.queryOptions({ category, first: MEDIA_PAGE_SIZE, after, ...args })
          : media.allImages.queryOptions({ filter: args.filter, first: MEDIA_PAGE_SIZE, after }),
      refusals: (ids) => media.imageRefusals.queryOptions({ ids }),
      addToGallery: (image_ids, country_id) => addToGallery({ image_ids, country_id }),
      removeFromGallery: (image_id, country_id) => removeFromGallery({ image_id, country_id }),
      remove: (image_id, confirm) => remove({ image_id, confirm }),
    };
  },
};

export const VIDEOS: MediaKind<LibraryVideo, VideoCategory> = {
  one: 'video',
  many: 'videos',
  Many: 'Videos',
  galleryCategory: 'GALLERY_VIDEOS',
  categoryLabels: VIDEO_CATEGORY_LABELS,
  libraryLabel: (category) => VIDEO_CATEGORY_LABELS[category],
  nameOf: (video) => video.video_name,
  preview: (video, height = 160) => <VideoThumbnail url={video.video_url} height={height} />,
  details: (video) => <LinkCell href={externalLinkOf(video.video_url)} />,
  removeIcon: <IconVideoMinus size={18} aria-hidden />,
  newItemsLabel: 'Add Video',
  newItemsIcon: <IconVideoPlus size={16} aria-hidden />,
  NewItems: ({ category, onClose, onAdded }) => (
    <VideoModal
      video={null}
      category={category}
      onClose={onClose}
      onSaved={(video) => {
        // The video is in the library now: should adding it to a gallery fail, staff add it from the library
        // rather than save it twice.
        onClose();
        return onAdded([video.id]);
      }}
    />
  ),
  Edit: ({ item, onClose, onSaved }) => <VideoModal video={item} onClose={onClose} onSaved={onSaved} />,
  emptyLibrary: 'No videos yet: add one by its link.',
  useApi: () => {
    const { media } = useTrpc();
    const addToGallery = useMutation(media.addVideosToGallery.mutationOptions()).mutateAsync;
    const removeFromGallery = useMutation(media.deleteVideoFromGallery.mutationOptions()).mutateAsync;
    const remove = useMutation(media.deleteVideo.mutationOptions()).mutateAsync;
    return {
      page: ({ category, after, ...args }) =>
        category
          ? media.videosOfCategory.queryOptions({ category, first: MEDIA_PAGE_SIZE, after, ...args })
          : media.allVideos.queryOptions({ filter: args.filter, first: MEDIA_PAGE_SIZE, after }),
      refusals: (ids) => media.videoRefusals.queryOptions({ ids }),
      addToGallery: (video_ids, country_id) => addToGallery({ video_ids, country_id }),
      removeFromGallery: (video_id, country_id) => removeFromGallery({ video_id, country_id }),
      remove: (video_id, confirm) => remove({ video_id, confirm }),
    };
  },
};
