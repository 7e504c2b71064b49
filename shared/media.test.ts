import { describe, expect, it } from 'vitest';
import {
  FLAG_IMAGE_TYPE_MESSAGE,
  flagFileProblem,
  imageFileProblem,
  SVG_MAX_BYTES,
  SVG_TOO_LARGE_MESSAGE,
  UPLOAD_IMAGE_TYPE_MESSAGE,
  UPLOAD_MAX_FILE_BYTES,
  UPLOAD_TOO_LARGE_MESSAGE,
} from './media.js';

describe('imageFileProblem', () => {
  it('lets raster images up to the upload limit through', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp', 'image/avif', 'image/gif']) {
      expect(imageFileProblem({ type, size: 1 })).toBeNull();
    }
    expect(imageFileProblem({ type: 'image/png', size: UPLOAD_MAX_FILE_BYTES })).toBeNull();
  });

  it('names what is wrong: the type (SVG included) first, then the size', () => {
    expect(imageFileProblem({ type: 'image/svg+xml', size: 10 })).toBe(UPLOAD_IMAGE_TYPE_MESSAGE);
    expect(imageFileProblem({ type: 'text/plain', size: UPLOAD_MAX_FILE_BYTES + 1 })).toBe(UPLOAD_IMAGE_TYPE_MESSAGE);
    expect(imageFileProblem({ type: 'image/png', size: UPLOAD_MAX_FILE_BYTES + 1 })).toBe(UPLOAD_TOO_LARGE_MESSAGE);
    expect(UPLOAD_TOO_LARGE_MESSAGE).toBe('The file is too large (at most 10 MB)');
  });
});

describe('flagFileProblem', () => {
  it('lets raster images and SVG through, each up to its own limit', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp', 'image/avif', 'image/gif']) {
      expect(flagFileProblem({ type, size: UPLOAD_MAX_FILE_BYTES })).toBeNull();
    }
    expect(flagFileProblem({ type: 'image/svg+xml', size: SVG_MAX_BYTES })).toBeNull();
  });

  it('names what is wrong, saying that SVG is accepted', () => {
    expect(flagFileProblem({ type: 'text/html', size: 10 })).toBe(FLAG_IMAGE_TYPE_MESSAGE);
    expect(FLAG_IMAGE_TYPE_MESSAGE).toBe('Upload a PNG, JPEG, WebP, AVIF, GIF or SVG image');
    expect(flagFileProblem({ type: 'image/svg+xml', size: SVG_MAX_BYTES + 1 })).toBe(SVG_TOO_LARGE_MESSAGE);
    expect(flagFileProblem({ type: 'image/png', size: UPLOAD_MAX_FILE_BYTES + 1 })).toBe(UPLOAD_TOO_LARGE_MESSAGE);
  });
});
