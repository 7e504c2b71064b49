import sharp from 'sharp';
import { UPLOAD_MAX_PIXELS } from '../../../shared/media.js';

/** Stored bytes as the database holds them. */
export interface VariantSource {
  contentType: string;
  data: Uint8Array;
}

/**
 * What to serve for `?w=`: a WebP re-encoding, or the stored original unchanged (SVG, animated images, and images
 * sharp cannot read). `sourceContentType` is the original's type, so the route can check the URL's extension
 * against it even when the answer comes from the cache.
 */
export type VariantResult =
  | { kind: 'variant'; sourceContentType: string; bytes: Buffer; width: number; height: number }
  | { kind: 'original'; sourceContentType: string };

export interface ImageVariantsOptions {
  /** Upper bound of the cached variants' bytes (least recently used are dropped first). Default 64 MB. */
  maxBytes?: number;
  /** Images with more pixels are not decoded (served as-is), so one huge image cannot exhaust memory. */
  limitInputPixels?: number;
  /** Resizes running at once; more wait their turn (sharp's work competes with everything else on two cores). */
  maxConcurrentRenders?: number;
  /** Told when an image cannot be resized (it is then served as stored). */
  onRenderError?: (error: unknown, sha256: string) => void;
}

export interface ImageVariantStats {
  /** Answered from the cache. */
  hits: number;
  /** Not cached: the original was loaded (and resized unless served as-is). */
  misses: number;
  /** Joined a load already in progress for the same variant instead of starting another. */
  deduplicated: number;
  /** sharp resize pipelines run. */
  renders: number;
  evictions: number;
  entries: number;
  bytes: number;
}

export const DEFAULT_VARIANT_CACHE_BYTES = 64 * 1024 * 1024;
/** The same bound as uploads: about 8000 × 6000. */
export const DEFAULT_LIMIT_INPUT_PIXELS = UPLOAD_MAX_PIXELS;
export const VARIANT_WEBP_QUALITY = 78;

/** Bookkeeping cost of a cached entry besides its bytes, so "as-is" markers are not free. */
const ENTRY_OVERHEAD = 128;

/**
 * Resizes `bytes` to at most `width` pixels wide (never wider than the original), respecting EXIF orientation, and
 * re-encodes it as WebP without metadata. SVG and animated images come back as `original`.
 */
export async function renderImageVariant(
  source: VariantSource,
  width: number,
  options: { limitInputPixels?: number } = {},
): Promise<VariantResult> {
  const sourceContentType = source.contentType;
  if (sourceContentType === 'image/svg+xml') return { kind: 'original', sourceContentType };
  const image = sharp(source.data, { limitInputPixels: options.limitInputPixels ?? DEFAULT_LIMIT_INPUT_PIXELS });
  const metadata = await image.metadata();
  // Resizing would keep only the first frame of an animation.
  if ((metadata.pages ?? 1) > 1) return { kind: 'original', sourceContentType };
  const { data, info } = await image
    .rotate() // apply EXIF orientation before the metadata (and the orientation tag) is dropped
    .resize({ width, withoutEnlargement: true })
    // sharp writes no EXIF, XMP or ICC profile unless asked to (it converts to sRGB instead).
    .webp({ quality: VARIANT_WEBP_QUALITY })
    .toBuffer({ resolveWithObject: true });
  return { kind: 'variant', sourceContentType, bytes: data, width: info.width, height: info.height };
}

/**
 * Resized images, computed once: a least-recently-used cache bounded by total bytes, in front of which concurrent
 * requests for the same variant share one load and one sharp run. Keyed by content hash and requested width, which
 * is sound because the bytes behind a hash never change.
 */
export class ImageVariants {
  readonly maxBytes: number;
  private readonly limitInputPixels: number;
  private readonly maxConcurrentRenders: number;
  private readonly onRenderError: ((error: unknown, sha256: string) => void) | undefined;
  /** Map iteration order is insertion order: the first key is the least recently used. */
  private readonly cache = new Map<string, { result: VariantResult; size: number }>();
  private readonly inFlight = new Map<string, Promise<VariantResult | undefined>>();
  private cachedBytes = 0;
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly counters = { hits: 0, misses: 0, deduplicated: 0, renders: 0, evictions: 0 };

  constructor(options: ImageVariantsOptions = {}) {
    this.maxBytes = options.maxBytes ?? DEFAULT_VARIANT_CACHE_BYTES;
    this.limitInputPixels = options.limitInputPixels ?? DEFAULT_LIMIT_INPUT_PIXELS;
    this.maxConcurrentRenders = Math.max(1, options.maxConcurrentRenders ?? 2);
    this.onRenderError = options.onRenderError;
  }

  get stats(): ImageVariantStats {
    return { ...this.counters, entries: this.cache.size, bytes: this.cachedBytes };
  }

  /**
   * The variant of the image `sha256` at `width`, loading the original with `load` only when it is neither cached
   * nor already being computed. Undefined when `load` finds nothing (not cached).
   */
  async get(
    sha256: string,
    width: number,
    load: () => Promise<VariantSource | undefined>,
  ): Promise<VariantResult | undefined> {
    const key = `${sha256}:${width}`;
    const cached = this.cache.get(key);
    if (cached) {
      this.counters.hits++;
      this.cache.delete(key);
      this.cache.set(key, cached);
      return cached.result;
    }
    const pending = this.inFlight.get(key);
    if (pending) {
      this.counters.deduplicated++;
      return pending;
    }
    this.counters.misses++;
    const computing = this.compute(sha256, width, load).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, computing);
    const result = await computing;
    if (result) this.remember(key, result);
    return result;
  }

  /** Drops every cached variant (the counters stay). */
  clear(): void {
    this.cache.clear();
    this.cachedBytes = 0;
  }

  private async compute(
    sha256: string,
    width: number,
    load: () => Promise<VariantSource | undefined>,
  ): Promise<VariantResult | undefined> {
    const source = await load();
    if (!source) return undefined;
    if (source.contentType === 'image/svg+xml') return { kind: 'original', sourceContentType: source.contentType };
    await this.acquire();
    try {
      this.counters.renders++;
      return await renderImageVariant(source, width, { limitInputPixels: this.limitInputPixels });
    } catch (error) {
      // Unreadable or too many pixels: serve the stored bytes rather than a broken image, and remember that.
      this.onRenderError?.(error, sha256);
      return { kind: 'original', sourceContentType: source.contentType };
    } finally {
      this.release();
    }
  }

  private remember(key: string, result: VariantResult): void {
    const size = ENTRY_OVERHEAD + (result.kind === 'variant' ? result.bytes.byteLength : 0);
    if (size > this.maxBytes) return;
    const previous = this.cache.get(key);
    if (previous) {
      this.cache.delete(key);
      this.cachedBytes -= previous.size;
    }
    this.cache.set(key, { result, size });
    this.cachedBytes += size;
    for (const [oldestKey, oldest] of this.cache) {
      if (this.cachedBytes <= this.maxBytes) break;
      this.cache.delete(oldestKey);
      this.cachedBytes -= oldest.size;
      this.counters.evictions++;
    }
  }

  private async acquire(): Promise<void> {
    if (this.running < this.maxConcurrentRenders) {
      this.running++;
      return;
    }
    // release() hands its slot straight to the next waiter, so `running` stays counted.
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}
