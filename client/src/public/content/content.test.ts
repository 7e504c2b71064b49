import { describe, expect, it } from 'vitest';
import { PAGE_CONTENT } from '../../../../server/src/seed/page-content-data.js';
import { mergePages } from '../pages/site-data.js';
import { googleMapEmbedOf, safeLinkOf, telHref, videoEmbedOf, videoThumbnailOf, whatsappHref } from './embeds.js';
import { parsePageText } from './page-text.js';

describe('page text', () => {
  it('reads subheadings, lists and paragraphs', () => {
    const body = ['## First', 'One line', 'continues here.', '', '- a', '- b', 'After the list.', '', '##', '## Last'];
    expect(parsePageText(body.join('\r\n'))).toEqual([
      { kind: 'heading', text: 'First' },
      { kind: 'paragraph', text: 'One line continues here.' },
      { kind: 'list', items: ['a', 'b'] },
      { kind: 'paragraph', text: 'After the list.' },
      { kind: 'heading', text: 'Last' },
    ]);
  });

  it('keeps markup as text', () => {
    expect(parsePageText('<script>alert(1)</script>\n\n- <b>bold</b>')).toEqual([
      { kind: 'paragraph', text: '<script>alert(1)</script>' },
      { kind: 'list', items: ['<b>bold</b>'] },
    ]);
    expect(parsePageText('  \n\n ')).toEqual([]);
  });

  it('shows every seeded page body without losing a word', () => {
    for (const [name, content] of Object.entries(PAGE_CONTENT)) {
      const blocks = parsePageText(content.body);
      expect(blocks[0]?.kind, name).toBe('heading');
      const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
      const shown = blocks
        .map((block) => (block.kind === 'list' ? block.items.map(words).reduce((a, b) => a + b, 0) : words(block.text)))
        .reduce((a, b) => a + b, 0);
      const markers = content.body.split('\n').filter((line) => /^(## |- )/.test(line)).length;
      expect(shown + markers, name).toBe(words(content.body));
    }
  });
});

describe('video embeds', () => {
  it('embeds YouTube through youtube-nocookie.com, whatever the link form', () => {
    for (const url of [
      'https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=10s',
      'https://youtu.be/aqz-KE-bpKQ',
      'https://www.youtube.com/embed/aqz-KE-bpKQ',
      'https://m.youtube.com/shorts/aqz-KE-bpKQ',
      'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?rel=0',
    ]) {
      expect(videoEmbedOf(url), url).toEqual({
        provider: 'youtube',
        src: 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ',
      });
    }
  });

  it('embeds Vimeo with Do Not Track, keeping an unlisted hash', () => {
    expect(videoEmbedOf('https://vimeo.com/76979871')?.src).toBe('https://player.vimeo.com/video/76979871?dnt=1');
    expect(videoEmbedOf('https://vimeo.com/76979871/abc123def0')?.src).toBe(
      'https://player.vimeo.com/video/76979871?dnt=1&h=abc123def0',
    );
    expect(videoEmbedOf('https://player.vimeo.com/video/76979871')?.provider).toBe('vimeo');
  });

  it('refuses anything else', () => {
    for (const url of [
      'https://example.com/watch?v=aqz-KE-bpKQ',
      'https://www.youtube.com/watch?v=short',
      'https://www.youtube.com.evil.example/embed/aqz-KE-bpKQ',
      'javascript:alert(1)',
      'not a url',
    ]) {
      expect(videoEmbedOf(url), url).toBeNull();
    }
  });

  it('has a still for YouTube links only', () => {
    for (const url of ['https://youtu.be/aqz-KE-bpKQ', 'https://www.youtube.com/watch?v=aqz-KE-bpKQ']) {
      expect(videoThumbnailOf(url), url).toBe('https://i.ytimg.com/vi/aqz-KE-bpKQ/hqdefault.jpg');
    }
    for (const url of ['https://vimeo.com/76979871', 'https://www.youtube.com/watch?v=short', 'not a url']) {
      expect(videoThumbnailOf(url), url).toBeNull();
    }
  });
});

describe('links', () => {
  it('embeds only Google Maps embed links', () => {
    expect(googleMapEmbedOf('https://www.google.com/maps?q=Sydney&output=embed')).toBe(
      'https://www.google.com/maps?q=Sydney&output=embed',
    );
    expect(googleMapEmbedOf('https://www.google.com/maps/embed?pb=!1m18')).toBe(
      'https://www.google.com/maps/embed?pb=!1m18',
    );
    expect(googleMapEmbedOf('https://www.google.com/maps/place/Sydney')).toBeNull();
    expect(googleMapEmbedOf('https://maps.app.goo.gl/abc')).toBeNull();
    expect(googleMapEmbedOf('http://www.google.com/maps?output=embed')).toBeNull();
    expect(googleMapEmbedOf(null)).toBeNull();
  });

  it('dials and chats with the digits only', () => {
    expect(telHref('+61 2 9000 0000')).toBe('tel:+61290000000');
    expect(telHref('(02) 9000-0000')).toBe('tel:0290000000');
    expect(whatsappHref('+977 980-000-0000')).toBe('https://wa.me/9779800000000');
    expect(whatsappHref('123')).toBeNull();
  });

  it('follows only site paths and http(s), mailto and tel links', () => {
    expect(safeLinkOf('/contact-us')).toEqual({ kind: 'internal', to: '/contact-us' });
    expect(safeLinkOf('https://example.com/x')).toEqual({ kind: 'external', href: 'https://example.com/x' });
    expect(safeLinkOf('//evil.example')).toBeNull();
    expect(safeLinkOf('javascript:alert(1)')).toBeNull();
    expect(safeLinkOf('data:text/html,hi')).toBeNull();
    expect(safeLinkOf('  ')).toBeNull();
    expect(safeLinkOf(null)).toBeNull();
  });
});

describe('gallery pages', () => {
  it('merges loaded pages, each item once and in order', () => {
    const pages = [{ items: [{ id: 9 }, { id: 8 }] }, { items: [{ id: 8 }, { id: 7 }] }];
    expect(mergePages(pages).map((item) => item.id)).toEqual([9, 8, 7]);
  });
});
