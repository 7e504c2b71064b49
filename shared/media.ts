/** Content types we store, with the file extension used in their URLs. */
export const MEDIA_EXTENSIONS = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/gif': 'gif',
  'image/svg+xml': 'svg',
} as const;
export type MediaContentType = keyof typeof MEDIA_EXTENSIONS;

export function isMediaContentType(value: string): value is MediaContentType {
  return Object.hasOwn(MEDIA_EXTENSIONS, value);
}

/** The largest file one upload may carry: the GraphQL endpoint refuses bigger ones, and forms check first. */
export const UPLOAD_MAX_FILE_BYTES = 10 * 1024 * 1024;

/** The most files one upload request may carry (several images at once): the endpoint refuses more. */
export const UPLOAD_MAX_FILES = 20;

/**
 * The image types the server keeps from an upload (it judges the bytes; forms check the declared type first). SVG
 * is not among them: it can carry script. Country flags also take SVG, which the server sanitises (FLAG_IMAGE_TYPES).
 */
export const UPLOAD_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/avif', 'image/gif'] as const;

/** Country flags: the raster types, or SVG (kept only after the server has sanitised it). */
export const FLAG_IMAGE_TYPES = [...UPLOAD_IMAGE_TYPES, 'image/svg+xml'] as const;

/** The largest SVG flag: far more than a flag needs, and a bound on the sanitiser's work. */
export const SVG_MAX_BYTES = 1024 * 1024;

/**
 * The most pixels an uploaded image may have (all frames of an animation together): about 8000 × 6000. A small
 * file may declare a huge picture (a "decompression bomb"); it is refused from its header, before any decoding.
 */
export const UPLOAD_MAX_PIXELS = 50_000_000;

export const UPLOAD_IMAGE_TYPE_MESSAGE = 'Upload a PNG, JPEG, WebP, AVIF or GIF image';
export const FLAG_IMAGE_TYPE_MESSAGE = 'Upload a PNG, JPEG, WebP, AVIF, GIF or SVG image';
export const UPLOAD_TOO_LARGE_MESSAGE = `The file is too large (at most ${UPLOAD_MAX_FILE_BYTES / 1024 / 1024} MB)`;
export const SVG_TOO_LARGE_MESSAGE = `The SVG file is too large (at most ${SVG_MAX_BYTES / 1024 / 1024} MB)`;
export const UPLOAD_TOO_MANY_PIXELS_MESSAGE = `The image has too many pixels (at most ${UPLOAD_MAX_PIXELS / 1_000_000} megapixels)`;
export const UPLOAD_DAMAGED_MESSAGE = 'The image is damaged or incomplete';
export const UPLOAD_TOO_MANY_FILES_MESSAGE = `Upload at most ${UPLOAD_MAX_FILES} files at once`;

/** Why a chosen file cannot be sent as an image upload, or null when it may be sent. */
export function imageFileProblem(file: { type: string; size: number }): string | null {
  if (!(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type)) return UPLOAD_IMAGE_TYPE_MESSAGE;
  if (file.size > UPLOAD_MAX_FILE_BYTES) return UPLOAD_TOO_LARGE_MESSAGE;
  return null;
}

/** Why a chosen file cannot be sent as a country flag (raster or SVG), or null when it may be sent. */
export function flagFileProblem(file: { type: string; size: number }): string | null {
  if (!(FLAG_IMAGE_TYPES as readonly string[]).includes(file.type)) return FLAG_IMAGE_TYPE_MESSAGE;
  if (file.type === 'image/svg+xml' && file.size > SVG_MAX_BYTES) return SVG_TOO_LARGE_MESSAGE;
  if (file.size > UPLOAD_MAX_FILE_BYTES) return UPLOAD_TOO_LARGE_MESSAGE;
  return null;
}

/**
 * The stable URL of stored bytes: named by their SHA-256, so it never changes meaning and can be cached forever.
 */
export function mediaUrl(sha256: string, contentType: string): string {
  const extension = isMediaContentType(contentType) ? MEDIA_EXTENSIONS[contentType] : 'bin';
  return `/media/${sha256}.${extension}`;
}

/**
 * The widths a resized variant (`/media/<sha256>.<ext>?w=<width>`) may be asked for. A short fixed list keeps the
 * number of variants per image (and so the server's resizing work and cache) bounded; any other width is a 400.
 */
export const IMAGE_VARIANT_WIDTHS = [160, 320, 480, 640, 960, 1280, 1600, 1920] as const;
export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];

/** The variant `src` of an image when the browser does not choose from `srcset` (wide enough for most layouts). */
export const DEFAULT_IMAGE_VARIANT_WIDTH: ImageVariantWidth = 960;

export function isImageVariantWidth(value: number): value is ImageVariantWidth {
  return (IMAGE_VARIANT_WIDTHS as readonly number[]).includes(value);
}

/** The smallest allowed variant width at least `width` wide (the largest one when `width` is wider than all). */
export function imageVariantWidthFor(width: number): ImageVariantWidth {
  return IMAGE_VARIANT_WIDTHS.find((step) => step >= width) ?? IMAGE_VARIANT_WIDTHS[IMAGE_VARIANT_WIDTHS.length - 1]!;
}

/**
 * Whether the server resizes the image behind `url`. SVG is resolution-independent and GIF may be animated (an
 * animated GIF is served as-is), so neither gets variants or a srcset.
 */
export function hasImageVariants(url: string): boolean {
  return !/\.(?:svg|gif)(?:[?#]|$)/i.test(url);
}

/**
 * The URL of `url` resized to `width` (rounded up to an allowed width, so the URL is always valid) as WebP.
 * SVG and GIF URLs are returned unchanged.
 */
export function imageVariantUrl(url: string, width: number): string {
  if (!hasImageVariants(url)) return url;
  return `${url}${url.includes('?') ? '&' : '?'}w=${imageVariantWidthFor(width)}`;
}

/**
 * A `srcset` of the allowed widths up to the original's width, plus the step just above it (which the server serves
 * at the original width, never upscaled, so it is described with the original width). An unknown width lists
 * every step. SVG and GIF get an empty srcset.
 */
export function imageSrcSet(url: string, originalWidth: number | null): string {
  if (!hasImageVariants(url)) return '';
  if (originalWidth === null || !Number.isFinite(originalWidth) || originalWidth <= 0) {
    return IMAGE_VARIANT_WIDTHS.map((width) => `${imageVariantUrl(url, width)} ${width}w`).join(', ');
  }
  const top = imageVariantWidthFor(originalWidth);
  const candidates = IMAGE_VARIANT_WIDTHS.filter((width) => width < top).map(
    (width) => `${imageVariantUrl(url, width)} ${width}w`,
  );
  candidates.push(`${imageVariantUrl(url, top)} ${Math.min(top, Math.round(originalWidth))}w`);
  return candidates.join(', ');
}
