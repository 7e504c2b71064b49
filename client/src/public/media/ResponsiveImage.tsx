import { getRadius, type MantineRadius } from '@mantine/core';
import type { CSSProperties, JSX } from 'react';
import {
  DEFAULT_IMAGE_VARIANT_WIDTH,
  hasImageVariants,
  imageSrcSet,
  imageVariantUrl,
} from '../../../../shared/media.js';
import type { SiteImage } from '../../../../shared/site-content.js';

export interface ResponsiveImageProps {
  image: SiteImage;
  /** The `sizes` attribute: how wide the image is shown, e.g. `(min-width: 62em) 33vw, 100vw`. */
  sizes: string;
  /** The first banner (the likely largest paint): loaded eagerly at high priority instead of lazily. */
  priority?: boolean;
  /** Overrides the image's own text alternative (`''` for a decorative use). */
  alt?: string;
  radius?: MantineRadius;
  fit?: 'cover' | 'contain';
  /** A fixed box, e.g. `16 / 9`; the image fills it with `fit` (default cover). */
  aspectRatio?: string;
  className?: string;
}

/**
 * A stored image at the size it is shown: WebP variants in `srcset` for the browser to choose from by `sizes`,
 * `width`/`height` from the original so the space is reserved before it loads, lazy unless `priority`.
 * Pure function of its props, so the server's HTML and the browser's render are identical.
 */
export function ResponsiveImage(props: ResponsiveImageProps): JSX.Element {
  const { image, sizes, priority = false, radius, fit, aspectRatio, className } = props;
  const resizable = hasImageVariants(image.url);
  const srcSet = resizable ? imageSrcSet(image.url, image.width) : '';
  // For browsers that ignore srcset: wide enough for most layouts, never more than the original.
  const src = resizable
    ? imageVariantUrl(image.url, Math.min(DEFAULT_IMAGE_VARIANT_WIDTH, image.width ?? DEFAULT_IMAGE_VARIANT_WIDTH))
    : image.url;

  const style: CSSProperties = aspectRatio
    ? { display: 'block', width: '100%', height: 'auto', aspectRatio, objectFit: fit ?? 'cover' }
    : { maxWidth: '100%', height: 'auto', ...(fit ? { objectFit: fit } : {}) };
  if (radius !== undefined) style.borderRadius = getRadius(radius);

  return (
    <img
      src={src}
      srcSet={srcSet || undefined}
      sizes={srcSet ? sizes : undefined}
      width={image.width ?? undefined}
      height={image.height ?? undefined}
      alt={props.alt ?? image.alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? undefined : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      className={className}
      style={style}
    />
  );
}
