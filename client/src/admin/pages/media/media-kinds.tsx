import { ActionIcon } from '@mantine/core';
import { IconPhotoMinus, IconTrash, IconUpload, IconVideoMinus, IconVideoPlus } from '@tabler/icons-react';
import type { QueryKey, SkipToken } from '@tanstack/react-query';
import { useMutation } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import type { DeleteResult } from '../../../../../shared/delete-result.js';
import type { ImageCategory, VideoCategory } from '../../../../../shared/enums.js';
import { useTrpc } from '../../../trpc.js';
import type { CursorPage } from '../../ui/use-cursor-list.js';
import { MediaCard, PictureThumbnail, VideoLink, VideoThumbnail } from './MediaGrid.js';
import {
  addedOn,
  IMAGE_CATEGORY_LABELS,
  IMAGE_CATEGORY_OPTIONS,
  MEDIA_PAGE_SIZE,
  VIDEO_CATEGORY_LABELS,
  VIDEO_CATEGORY_OPTIONS,
} from './media-lists.js';
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

/** The API calls of one media kind, bound to the screen's tRPC client. */
export interface MediaApi<Item, Category> {
  page: (args: MediaListArgs<Category>) => MediaPageQuery<Item>;
  addToGallery: (ids: number[], countryId: number) => Promise<unknown>;
  removeFromGallery: (id: number, countryId: number) => Promise<DeleteResult>;
  remove: (id: number, confirm: boolean) => Promise<DeleteResult>;
}

/** The dialog that brings new items into the library; `onAdded` gets their ids (it may add them to a gallery). */
export interface NewMediaProps<Category> {
  /** The category of every new item, when the screen decides it (a gallery). */
  category?: Category;
  title?: string;
  onClose: () => void;
  onAdded: (ids: number[]) => Promise<void>;
}

/**
 * What the library and gallery screens need of one kind of media (pictures, videos): its words, how an item shows,
 * its API and its dialogs. One definition per kind; the screens are the same (decision 038).
 */
export interface MediaKind<Item extends { id: number; created_at: string }, Category extends string> {
  /** "picture", "pictures", "Pictures". */
  one: string;
  many: string;
  Many: string;
  galleryCategory: Category;
  categoryOptions: { value: Category; label: string }[];
  /** A category in staff words (a card's badge). */
  categoryLabels: Record<Category, string>;
  /** The library list's name when showing one category. */
  libraryLabel: (category: Category) => string;
  categoryOf: (item: Item) => Category;
  nameOf: (item: Item) => string;
  preview: (item: Item, height?: number) => ReactNode;
  /** Shown under the card's name (a video's link). */
  details?: (item: Item) => ReactNode;
  removeIcon: ReactNode;
  /** The button that opens `NewItems`: "Upload Pictures", "Add Video". */
  newItemsLabel: string;
  newItemsIcon: ReactNode;
  NewItems: ComponentType<NewMediaProps<Category>>;
  /** Changing an item's details in the library (videos: link and name); pictures are replaced, not edited. */
  Edit?: ComponentType<{ item: Item; onClose: () => void; onSaved: () => Promise<void> }>;
  /** The library's empty list: what to do first. */
  emptyLibrary: string;
  useApi: () => MediaApi<Item, Category>;
}

export interface LibraryPicture {
  id: number;
  image_name: string;
  image_url: string;
  category: ImageCategory;
  created_at: string;
}

export const PICTURES: MediaKind<LibraryPicture, ImageCategory> = {
  one: 'picture',
  many: 'pictures',
  Many: 'Pictures',
  galleryCategory: 'GALLERY_IMAGES',
  categoryOptions: IMAGE_CATEGORY_OPTIONS,
  categoryLabels: IMAGE_CATEGORY_LABELS,
  libraryLabel: (category) => `${IMAGE_CATEGORY_LABELS[category]} pictures`,
  categoryOf: (picture) => picture.category,
  nameOf: (picture) => picture.image_name,
  preview: (picture, height) => <PictureThumbnail url={picture.image_url} height={height} />,
  removeIcon: <IconPhotoMinus size={18} aria-hidden />,
  newItemsLabel: 'Upload Pictures',
  newItemsIcon: <IconUpload size={16} aria-hidden />,
  NewItems: ({ category, title, onClose, onAdded }) => (
    <UploadPicturesModal
      category={category}
      title={title}
      onClose={onClose}
      onUploaded={(pictures) => onAdded(pictures.map((picture) => picture.id))}
    />
  ),
  emptyLibrary: 'No pictures yet: upload some.',
  useApi: () => {
    const trpc = useTrpc();
    const addToGallery = useMutation(trpc.media.addImagesToGallery.mutationOptions());
    const removeFromGallery = useMutation(trpc.media.deleteImageFromGallery.mutationOptions());
    const remove = useMutation(trpc.media.deleteImage.mutationOptions());
    return {
      page: ({ category, after, ...args }) =>
        category
          ? trpc.media.imagesOfCategory.queryOptions({ category, first: MEDIA_PAGE_SIZE, after, ...args })
          : trpc.media.allImages.queryOptions({ filter: args.filter, first: MEDIA_PAGE_SIZE, after }),
      addToGallery: (ids, countryId) => addToGallery.mutateAsync({ image_ids: ids, country_id: countryId }),
      removeFromGallery: (id, countryId) => removeFromGallery.mutateAsync({ image_id: id, country_id: countryId }),
      remove: (id, confirm) => remove.mutateAsync({ image_id: id, confirm }),
    };
  },
};

export const VIDEOS: MediaKind<LibraryVideo, VideoCategory> = {
  one: 'video',
  many: 'videos',
  Many: 'Videos',
  galleryCategory: 'GALLERY_VIDEOS',
  categoryOptions: VIDEO_CATEGORY_OPTIONS,
  categoryLabels: VIDEO_CATEGORY_LABELS,
  libraryLabel: (category) => VIDEO_CATEGORY_LABELS[category],
  categoryOf: (video) => video.category,
  nameOf: (video) => video.video_name,
  preview: (video, height) => <VideoThumbnail url={video.video_url} height={height} />,
  details: (video) => <VideoLink url={video.video_url} />,
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
    const trpc = useTrpc();
    const addToGallery = useMutation(trpc.media.addVideosToGallery.mutationOptions());
    const removeFromGallery = useMutation(trpc.media.deleteVideoFromGallery.mutationOptions());
    const remove = useMutation(trpc.media.deleteVideo.mutationOptions());
    return {
      page: ({ category, after, ...args }) =>
        category
          ? trpc.media.videosOfCategory.queryOptions({ category, first: MEDIA_PAGE_SIZE, after, ...args })
          : trpc.media.allVideos.queryOptions({ filter: args.filter, first: MEDIA_PAGE_SIZE, after }),
      addToGallery: (ids, countryId) => addToGallery.mutateAsync({ video_ids: ids, country_id: countryId }),
      removeFromGallery: (id, countryId) => removeFromGallery.mutateAsync({ video_id: id, country_id: countryId }),
      remove: (id, confirm) => remove.mutateAsync({ video_id: id, confirm }),
    };
  },
};

/** One item of a kind as a card: its preview, name, category, date and details, an action of the screen, Delete. */
export function MediaKindCard<Item extends { id: number; created_at: string }, Category extends string>({
  kind,
  item,
  action,
  onDelete,
}: {
  kind: MediaKind<Item, Category>;
  item: Item;
  /** The screen's own action before Delete (Edit in the library, Remove from the country in a gallery). */
  action: ReactNode;
  onDelete: () => void;
}) {
  return (
    <MediaCard
      preview={kind.preview(item)}
      name={kind.nameOf(item)}
      category={kind.categoryLabels[kind.categoryOf(item)]}
      added={addedOn(item.created_at)}
      actions={
        <>
          {action}
          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${kind.nameOf(item)}`} onClick={onDelete}>
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </>
      }
    >
      {kind.details?.(item)}
    </MediaCard>
  );
}
