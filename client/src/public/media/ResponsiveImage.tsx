import type { JSX } from 'react';
import {
  DEFAULT_IMAGE_VARIANT_WIDTH,
  hasImageVariants,
  imageSrcSet,
  imageVariantUrl,
} from '../../../../shared/media.js';
import type { SiteImage } from '../../../../shared/site-content.js';
import classes from './media.module.css';

export interface ResponsiveImageProps {
  image: SiteImage;
  /** The `sizes` attribute: how wide the image is shown, e.g. `(min-width: 62em) 33vw, 100vw`. */
  sizes: string;
  /** The first banner (the likely largest paint): loaded eagerly at high priority instead of lazily. */
  priority?: boolean;
  /** Overrides the image's own text alternative (`''` for a decorative use). */
  alt?: string;
  /** Rounded corners, or a circle. */
  radius?: 'md' | 'lg' | 'round';
  fit?: 'cover' | 'contain';
  /** A fixed box; the image fills it with `fit` (default cover). */
  aspectRatio?: keyof typeof RATIO_CLASSES;
  className?: string;
}

const RATIO_CLASSES = {
  '1 / 1': classes.square,
  '3 / 2': classes.landscape,
  '4 / 3': classes.fourThree,
  '16 / 9': classes.wide,
} as const;

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

  const classNames = [
    aspectRatio ? `${classes.box} ${RATIO_CLASSES[aspectRatio]}` : classes.image,
    fit === 'contain' ? classes.contain : aspectRatio || fit === 'cover' ? classes.cover : '',
    radius === 'md'
      ? classes.rounded
      : radius === 'lg'
        ? classes.roundedLarge
        : radius === 'round'
          ? classes.circle
          : '',
    className ?? '',
  ];

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
      className={classNames.filter(Boolean).join(' ')}
    />
  );
}
