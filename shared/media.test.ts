import { describe, expect, it } from 'vitest';
import {
  imageFileProblem,
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
