import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import {
  IMAGE_CATEGORIES,
  VIDEO_CATEGORIES,
  type ImageCategory,
  type VideoCategory,
} from '../../../../../shared/enums.js';

/** How many pictures or videos one "Load more" adds (as on the public gallery). */
export const MEDIA_PAGE_SIZE = 12;

/** The categories in staff words (the wire names, e.g. TESTIMONALS, are the spec's). */
export const IMAGE_CATEGORY_LABELS: Record<ImageCategory, string> = {
  BANNER: 'Banner',
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

export const IMAGE_CATEGORY_OPTIONS = IMAGE_CATEGORIES.map((value) => ({ value, label: IMAGE_CATEGORY_LABELS[value] }));
export const VIDEO_CATEGORY_OPTIONS = VIDEO_CATEGORIES.map((value) => ({ value, label: VIDEO_CATEGORY_LABELS[value] }));

const addedFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** "Added 3 May 2026": when a picture or video came into the library. */
export function addedOn(createdAt: string): string {
  return `Added ${addedFormat.format(new Date(createdAt))}`;
}

/** A "Search by name" box's text and the filter sent to the API (trimmed, after typing pauses; null when empty). */
export function useNameSearch() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  return { search, setSearch, filter: debounced || null };
}
