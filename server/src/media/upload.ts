import type { FileUpload } from 'graphql-upload-minimal';
import sharp, { type Metadata } from 'sharp';
import { z } from 'zod';
import { UPLOAD_IMAGE_TYPE_MESSAGE, UPLOAD_TOO_LARGE_MESSAGE } from '../../../shared/media.js';
import { AppError } from '../errors.js';
import type { NewBlob } from './media.repository.js';

/** An `Upload` argument as resolvers receive it (a promise of the file; mercurius-upload enforces the size limit). */
export const uploadArg = z.custom<Promise<FileUpload>>(
  (value) => typeof (value as Promise<unknown> | undefined)?.then === 'function',
  'A file is required',
);

export interface UploadedFile {
  filename: string;
  bytes: Buffer;
}

/** Reads an upload into memory (uploads are bounded by UPLOAD_LIMITS). */
export async function readUpload(upload: Promise<FileUpload>, field = 'image'): Promise<UploadedFile> {
  let file: FileUpload;
  try {
    file = await upload;
  } catch {
    throw new AppError('BAD_USER_INPUT', 'The file could not be read.', { [field]: 'The file could not be read' });
  }
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of file.createReadStream()) chunks.push(chunk as Buffer);
  } catch {
    throw new AppError('BAD_USER_INPUT', 'The file is too large or incomplete.', { [field]: UPLOAD_TOO_LARGE_MESSAGE });
  }
  return { filename: file.filename, bytes: Buffer.concat(chunks) };
}

const RASTER_TYPES = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  heif: 'image/avif',
} as const;

/**
 * Accepts raster images only, judged by their content (not their name or declared type), and describes them for
 * storage. Hardening (re-encoding, metadata stripping, pixel limits) belongs here too.
 */
export async function imageBlob(file: UploadedFile, field = 'image'): Promise<NewBlob> {
  const refuse = () =>
    new AppError('BAD_USER_INPUT', `${UPLOAD_IMAGE_TYPE_MESSAGE}.`, { [field]: UPLOAD_IMAGE_TYPE_MESSAGE });
  let metadata: Metadata;
  try {
    metadata = await sharp(file.bytes, { limitInputPixels: 50_000_000 }).metadata();
  } catch {
    throw refuse();
  }
  const contentType = metadata.format && RASTER_TYPES[metadata.format as keyof typeof RASTER_TYPES];
  if (!contentType) throw refuse();
  // As shown: a phone photo taken sideways carries its turn in EXIF, and srcset widths must describe it upright.
  const { width, height } = metadata.autoOrient ?? metadata;
  return { bytes: file.bytes, contentType, width: width ?? null, height: height ?? null };
}
