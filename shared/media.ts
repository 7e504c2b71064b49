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

/**
 * The stable URL of stored bytes: named by their SHA-256, so it never changes meaning and can be cached forever.
 */
export function mediaUrl(sha256: string, contentType: string): string {
  const extension = isMediaContentType(contentType) ? MEDIA_EXTENSIONS[contentType] : 'bin';
  return `/media/${sha256}.${extension}`;
}
