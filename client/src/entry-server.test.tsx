import { describe, expect, it } from 'vitest';
import { heroPreload } from './entry-server.js';

describe("the hero picture's preload", () => {
  it('asks for the image rendered at high priority, with its sources and sizes, from the head', () => {
    const body =
      '<main><img src="/media/a.webp?w=960" srcSet="/media/a.webp?w=480 480w, /media/a.webp?w=960 960w" ' +
      'sizes="100vw" width="1600" height="600" alt="" loading="eager" fetchPriority="high"/>' +
      '<img src="/media/b.webp" loading="lazy"/></main>';
    expect(heroPreload(body)).toBe(
      '<link rel="preload" as="image" href="/media/a.webp?w=960" fetchpriority="high" ' +
        'imagesrcset="/media/a.webp?w=480 480w, /media/a.webp?w=960 960w" imagesizes="100vw">',
    );
  });

  it('adds nothing to a page without such an image', () => {
    expect(heroPreload('<main><img src="/media/b.webp" loading="lazy"/></main>')).toBe('');
  });
});
