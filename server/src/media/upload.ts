import type { Readable } from 'node:stream';
import type { FileUpload } from 'graphql-upload-minimal';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { z } from 'zod';
import {
  FLAG_IMAGE_TYPE_MESSAGE,
  UPLOAD_DAMAGED_MESSAGE,
  UPLOAD_IMAGE_TYPE_MESSAGE,
  UPLOAD_MAX_FILE_BYTES,
  UPLOAD_MAX_PIXELS,
  UPLOAD_TOO_LARGE_MESSAGE,
  UPLOAD_TOO_MANY_PIXELS_MESSAGE,
} from '../../../shared/media.js';
import { AppError } from '../errors.js';
import type { NewBlob } from './media.repository.js';
import { NotAnSvg, SvgRefused, sanitiseSvg } from './svg-sanitiser.js';

/** An `Upload` argument as resolvers receive it (a promise of the file; mercurius-upload enforces the size limit). */
export const uploadArg = z.custom<Promise<FileUpload>>(
  (value) => typeof (value as Promise<unknown> | undefined)?.then === 'function',
  'A file is required',
);

export interface UploadedFile {
  filename: string;
  bytes: Buffer;
}

const refusal = (field: string, message: string) => new AppError('BAD_USER_INPUT', `${message}.`, { [field]: message });

/** graphql-upload-minimal's error for a file that reached the transport's `maxFileSize` (an HttpError, status 413). */
const passedTransportLimit = (error: unknown) => (error as { status?: unknown } | null)?.status === 413;

/**
 * Reads an upload into memory, never more than UPLOAD_MAX_FILE_BYTES (whatever limit the transport applied). A file
 * over the limit is refused, never read as a shorter one: busboy answers a file reaching its limit by ending the
 * stream there, as if the file were complete (flagging it only with `truncated` and a `limit` event), so the
 * transport lets one byte more through (UPLOAD_LIMITS) and a file is too large when more than the limit arrives.
 */
export async function readUpload(upload: Promise<FileUpload>, field = 'image'): Promise<UploadedFile> {
  let file: FileUpload;
  try {
    file = await upload;
  } catch {
    throw refusal(field, 'The file could not be read');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let stream: Readable & { truncated?: boolean };
  try {
    // Throws at once when the transport already failed the file (the whole part was parsed before we asked).
    stream = file.createReadStream();
    // Leaving the loop early destroys the stream.
    for await (const chunk of stream) {
      size += (chunk as Buffer).byteLength;
      if (size > UPLOAD_MAX_FILE_BYTES) break;
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    throw refusal(field, passedTransportLimit(error) ? UPLOAD_TOO_LARGE_MESSAGE : 'The file could not be read');
  }
  // `truncated`: the transport cut the file, whatever its limit was set to.
  if (size > UPLOAD_MAX_FILE_BYTES || stream.truncated === true) throw refusal(field, UPLOAD_TOO_LARGE_MESSAGE);
  return { filename: file.filename, bytes: Buffer.concat(chunks) };
}

type RasterFormat = 'png' | 'jpeg' | 'gif' | 'webp' | 'avif';

const CONTENT_TYPES = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
} as const satisfies Record<RasterFormat, string>;

/** The raster format the bytes' signature ("magic bytes") names, if it is one we keep. */
export function rasterFormatOf(bytes: Uint8Array): RasterFormat | undefined {
  const ascii = (start: number, end: number) => Buffer.from(bytes.subarray(start, end)).toString('latin1');
  if (bytes.length >= 8 && Buffer.from(bytes.subarray(0, 8)).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]))) {
    return 'png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  // ISO media: an `ftyp` box whose major or a compatible brand is AVIF (HEIC and other brands are not kept).
  if (bytes.length >= 16 && ascii(4, 8) === 'ftyp') {
    const boxSize = Math.min(Buffer.from(bytes.subarray(0, 4)).readUInt32BE(0), bytes.length, 4096);
    for (let offset = 8; offset + 4 <= boxSize; offset += 4) {
      if (offset === 12) continue; // the minor version, not a brand
      const brand = ascii(offset, offset + 4);
      if (brand === 'avif' || brand === 'avis') return 'avif';
    }
  }
  return undefined;
}

/** What sharp must report for each signature, so a file is decoded by the decoder its signature names. */
function decodedAs(format: RasterFormat, metadata: Metadata): boolean {
  if (format === 'avif') return metadata.format === 'heif' && metadata.compression === 'av1';
  return metadata.format === format;
}

/**
 * Every sharp call on untrusted bytes goes through these options: the pixel limit is checked against the header
 * before anything is decoded, and a decoding error (a truncated or damaged file) refuses the file. Benign decoder
 * warnings (e.g. stray bytes after a camera's JPEG data) are tolerated. GIF and WebP are read with every frame.
 */
function untrusted(bytes: Uint8Array, format: RasterFormat): Sharp {
  return sharp(bytes, {
    limitInputPixels: UPLOAD_MAX_PIXELS,
    failOn: 'error',
    animated: format === 'gif' || format === 'webp',
  });
}

/** Re-encodes in the same format family. sharp writes no EXIF, XMP, IPTC, ICC profile or comments unless asked. */
function encoder(image: Sharp, format: RasterFormat, metadata: Metadata): Sharp {
  switch (format) {
    case 'jpeg':
      return image.jpeg({ quality: 85 });
    case 'png':
      // A palette PNG stays a palette PNG (as a full-colour one it would be several times larger).
      return image.png({ palette: metadata.isPalette === true });
    case 'webp':
      return image.webp({ quality: 85 });
    case 'avif':
      // Effort 2 of 9: AVIF's default effort takes seconds per megapixel on this class of server.
      return image.avif({ quality: 60, effort: 2 });
    case 'gif':
      // Frames, their delays and the loop count are kept (they are the picture, not metadata).
      return image.gif();
  }
}

const isPixelLimit = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);

/**
 * Decodes a raster image and encodes it anew: what is stored is only the pixels, never the uploaded bytes, so
 * neither metadata (EXIF with GPS, XMP, IPTC, comments) nor anything hidden in the file (a script in a GIF
 * comment, a polyglot's second meaning) survives. A photo's EXIF orientation is applied first, so it is stored
 * upright.
 */
async function reencode(bytes: Uint8Array, format: RasterFormat, field: string): Promise<NewBlob> {
  let metadata: Metadata;
  try {
    metadata = await untrusted(bytes, format).metadata();
  } catch (error) {
    throw refusal(field, isPixelLimit(error) ? UPLOAD_TOO_MANY_PIXELS_MESSAGE : UPLOAD_DAMAGED_MESSAGE);
  }
  if (!decodedAs(format, metadata)) throw refusal(field, UPLOAD_DAMAGED_MESSAGE);
  // Height is every frame's together when read with `animated`; sharp would refuse this too, we say why first.
  if (metadata.width * metadata.height > UPLOAD_MAX_PIXELS) throw refusal(field, UPLOAD_TOO_MANY_PIXELS_MESSAGE);
  const frames = metadata.pages ?? 1;
  // Orientation applies to a still picture; animations carry none in practice, and turning a strip of frames
  // would scramble them.
  const image = frames > 1 ? untrusted(bytes, format) : untrusted(bytes, format).autoOrient();
  try {
    const { data, info } = await encoder(image, format, metadata).toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      contentType: CONTENT_TYPES[format],
      width: info.width,
      height: frames > 1 ? (metadata.pageHeight ?? info.height) : info.height,
    };
  } catch (error) {
    throw refusal(field, isPixelLimit(error) ? UPLOAD_TOO_MANY_PIXELS_MESSAGE : UPLOAD_DAMAGED_MESSAGE);
  }
}

export interface AcceptImageOptions {
  /** The form field (or `images.<index>`) that gets the message when the file is refused. */
  field: string;
  /** Country flags may be SVG; it is stored only as the sanitiser writes it. */
  svg?: boolean;
}

/**
 * Accepts an untrusted image, judged by its content (never by its name or declared type): a PNG, JPEG, GIF, WebP
 * or AVIF is re-encoded without metadata; with `svg`, an SVG is sanitised (svg-sanitiser.ts). Anything else is
 * refused with a message on `field`. Every upload path stores what this returns, and only that.
 */
export async function acceptImage(file: UploadedFile, { field, svg = false }: AcceptImageOptions): Promise<NewBlob> {
  const typeMessage = svg ? FLAG_IMAGE_TYPE_MESSAGE : UPLOAD_IMAGE_TYPE_MESSAGE;
  const format = rasterFormatOf(file.bytes);
  if (format) return reencode(file.bytes, format, field);
  if (!svg) throw refusal(field, typeMessage);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file.bytes);
  } catch {
    throw refusal(field, typeMessage);
  }
  // Only what starts like XML is read as SVG; a text file named .svg is simply not an image.
  if (!/^\s*</.test(text.replace(/^\uFEFF/, ''))) throw refusal(field, typeMessage);
  try {
    const { svg: sanitised, width, height } = sanitiseSvg(text);
    return { bytes: Buffer.from(sanitised), contentType: 'image/svg+xml', width, height };
  } catch (error) {
    if (error instanceof SvgRefused) throw refusal(field, error.message);
    if (error instanceof NotAnSvg) throw refusal(field, typeMessage);
    throw error;
  }
}

/** Reads an upload and accepts it as an image (see acceptImage); the file's own name comes along. */
export async function acceptImageUpload(
  upload: Promise<FileUpload>,
  options: AcceptImageOptions,
): Promise<{ filename: string; blob: NewBlob }> {
  const file = await readUpload(upload, options.field);
  return { filename: file.filename, blob: await acceptImage(file, options) };
}
