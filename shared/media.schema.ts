import { z } from 'zod';
import { IMAGE_CATEGORIES, VIDEO_CATEGORIES } from './enums.js';
import { confirmDelete, countryId, id, requiredText, url } from './fields.js';
import { cursorArgs, listFilter } from './pagination.schema.js';

/** Images and videos, and the country galleries that show them (spec §3 "Image", "Video"; §7). */

export const imageCategory = z.enum(IMAGE_CATEGORIES, { error: 'Choose an image category' });
export const videoCategory = z.enum(VIDEO_CATEGORIES, { error: 'Choose a video category' });

/** Lists of ids sent together (gallery links): at least one, at most a page's worth. */
function idList(label: string) {
  return z
    .array(id, { error: `Choose at least one ${label}` })
    .min(1, `Choose at least one ${label}`)
    .max(100);
}

/** Every image, or every video; `filter`: part of the name. */
const everyItemInput = cursorArgs.extend({ filter: listFilter });

/** One category's images, or videos; `filter`: part of the name. */
function ofCategoryInput<Category extends z.ZodType>(category: Category) {
  return cursorArgs.extend({
    category,
    /** With a gallery category: only that country's gallery. Other categories are not linked to countries. */
    country_id: countryId.nullish(),
    /** With a gallery category: only what is not in that country's gallery (what staff may add to it). */
    not_in_gallery_of: countryId.nullish(),
    filter: listFilter,
  });
}

// Images

/** The library items a staff screen shows, to learn what the signed-in staff member may not do to them. */
export const mediaRefusalsInput = z.object({ ids: z.array(id).max(100) });
export type MediaRefusalsInput = z.infer<typeof mediaRefusalsInput>;

export const allImagesInput = everyItemInput;
export type AllImagesInput = z.infer<typeof allImagesInput>;

export const imagesOfCategoryInput = ofCategoryInput(imageCategory);
export type ImagesOfCategoryInput = z.infer<typeof imagesOfCategoryInput>;

export const galleryInput = cursorArgs.extend({ country_id: countryId });
export type GalleryInput = z.infer<typeof galleryInput>;

/** The entities that use images of their own category; each has a list of its category's unused images. */
export const UNASSIGNED_IMAGE_KINDS = ['testimonial', 'team', 'footerSocialMedia', 'popup', 'banner'] as const;
export type UnassignedImageKind = (typeof UNASSIGNED_IMAGE_KINDS)[number];

export const unassignedImagesArgs = cursorArgs.extend({ filter: listFilter });
export type UnassignedImagesArgs = z.infer<typeof unassignedImagesArgs>;

export const unassignedImagesInput = unassignedImagesArgs.extend({ kind: z.enum(UNASSIGNED_IMAGE_KINDS) });
export type UnassignedImagesInput = z.infer<typeof unassignedImagesInput>;

export const addImagesToGalleryInput = z.object({ image_ids: idList('image'), country_id: countryId });
export type AddImagesToGalleryInput = z.infer<typeof addImagesToGalleryInput>;

export const deleteImageFromGalleryInput = z.object({ image_id: id, country_id: countryId });
export type DeleteImageFromGalleryInput = z.infer<typeof deleteImageFromGalleryInput>;

export const deleteImageInput = z.object({ image_id: id, confirm: confirmDelete });
export type DeleteImageInput = z.infer<typeof deleteImageInput>;

/** What the public site says of a picture to people who cannot see it (staff words: "Alternative text"). */
export const ALT_TEXT_MAX = 250;
export const altText = requiredText('Alternative text', ALT_TEXT_MAX);

/** Changing a picture's alternative text; staff have then reviewed it. */
export const updateImageAltTextInput = z.object({ id, alt_text: altText });
export type UpdateImageAltTextInput = z.infer<typeof updateImageAltTextInput>;

/**
 * A picture's alternative text until staff write one: its file name's words ("graduation_day-2.jpg" → "graduation
 * day 2"), or the name itself when that leaves none. Migration 0039 gave the library's pictures the same.
 */
export function altTextOfFileName(imageName: string): string {
  const words = imageName
    .replace(/\.[A-Za-z0-9]{2,5}$/, '')
    .replace(/[-_\s]+/g, ' ')
    .trim();
  return (words || imageName).slice(0, ALT_TEXT_MAX);
}

/** The name an uploaded image is stored under: the file's own name, without any folder, at most 200 characters. */
export function imageNameOf(filename: string | null | undefined, fallback: string): string {
  const base = (filename ?? '').split(/[\\/]/).pop() ?? '';
  // Control characters (and NUL, which PostgreSQL text refuses) never belong in a name.
  // eslint-disable-next-line no-control-regex
  const name = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (name || fallback).slice(0, 200).trim();
}

// Videos

export const allVideosInput = everyItemInput;
export type AllVideosInput = z.infer<typeof allVideosInput>;

export const videosOfCategoryInput = ofCategoryInput(videoCategory);
export type VideosOfCategoryInput = z.infer<typeof videosOfCategoryInput>;

export const addVideoInput = z.object({
  video_url: url('Video URL'),
  video_name: requiredText('Video name', 200),
  category: videoCategory,
});
export type AddVideoInput = z.infer<typeof addVideoInput>;

export const updateVideoInput = z.object({
  id,
  // Absent or null: unchanged.
  video_url: url('Video URL').nullish(),
  video_name: requiredText('Video name', 200).nullish(),
});
export type UpdateVideoInput = z.infer<typeof updateVideoInput>;

export const deleteVideoInput = z.object({ video_id: id, confirm: confirmDelete });
export type DeleteVideoInput = z.infer<typeof deleteVideoInput>;

export const addVideosToGalleryInput = z.object({ video_ids: idList('video'), country_id: countryId });
export type AddVideosToGalleryInput = z.infer<typeof addVideosToGalleryInput>;

export const deleteVideoFromGalleryInput = z.object({ video_id: id, country_id: countryId });
export type DeleteVideoFromGalleryInput = z.infer<typeof deleteVideoFromGalleryInput>;
