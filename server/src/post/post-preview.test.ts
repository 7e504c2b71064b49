import { describe, expect, it } from 'vitest';
import { PAGE_PREVIEW_PARAM, PREVIEW_EXPIRED, PREVIEW_PATH } from '../../../shared/post-address.js';
import { PREVIEW_LINK_HOURS, previewLinks } from './post-preview.js';

const config = { sessionSecret: 'a-secret-of-this-site', publicUrl: 'https://example.test' };

/** The token of a link (what follows the preview path). */
const tokenOf = (url: string) => url.slice(`${config.publicUrl}${PREVIEW_PATH}`.length);

describe('preview links', () => {
  it('name their post until they expire, then answer that they expired', () => {
    let clock = Date.parse('2026-11-28T10:00:00Z');
    const links = previewLinks(config, () => clock);
    const link = links.linkFor(42);
    expect(link.url.startsWith(`${config.publicUrl}${PREVIEW_PATH}42.`)).toBe(true);
    expect(link.expires_at).toBe(new Date(clock + PREVIEW_LINK_HOURS * 3600_000).toISOString());
    expect(links.postIdOf(tokenOf(link.url))).toBe(42);

    clock += PREVIEW_LINK_HOURS * 3600_000 - 1000;
    expect(links.postIdOf(tokenOf(link.url))).toBe(42);
    clock += 1000;
    expect(() => links.postIdOf(tokenOf(link.url))).toThrow(PREVIEW_EXPIRED);
  });

  it('refuse a token whose post or expiry was changed, one signed with another secret, and garbage', () => {
    const links = previewLinks(config);
    const [postId, expires, signature] = tokenOf(links.linkFor(7).url).split('.');
    expect(links.postIdOf(`${postId}.${expires}.${signature}`)).toBe(7);
    for (const forged of [
      `8.${expires}.${signature}`,
      `${postId}.${Number(expires) + 3600}.${signature}`,
      tokenOf(previewLinks({ ...config, sessionSecret: 'another-secret' }).linkFor(7).url),
      '',
      '7',
      `${postId}.${expires}.${signature}x`,
      `${postId}.${expires}.${'A'.repeat(43)}`,
      '../../admin',
    ]) {
      expect(() => links.postIdOf(forged), forged).toThrow(PREVIEW_EXPIRED);
    }
  });

  it("name a page's text on the page's own address, and never pass for a post's link or the other way round", () => {
    let clock = Date.parse('2026-11-28T10:00:00Z');
    const links = previewLinks(config, () => clock);
    const link = new URL(links.pageTextLinkFor(7, '/visa/student').url);
    expect(link.origin + link.pathname).toBe(`${config.publicUrl}/visa/student`);
    const token = link.searchParams.get(PAGE_PREVIEW_PARAM)!;
    expect(token).toMatch(/^page-7\./);
    expect(links.onPageOf(token)).toEqual({ of: 'page', id: 7 });

    const postToken = tokenOf(links.linkFor(7).url);
    expect(() => links.postIdOf(token)).toThrow(PREVIEW_EXPIRED);
    expect(() => links.onPageOf(postToken)).toThrow(PREVIEW_EXPIRED);
    // The kind is signed: taking the mark off (or putting it on) breaks the signature.
    expect(() => links.postIdOf(token.slice('page-'.length))).toThrow(PREVIEW_EXPIRED);
    expect(() => links.onPageOf(`page-${postToken}`)).toThrow(PREVIEW_EXPIRED);

    clock += PREVIEW_LINK_HOURS * 3600_000;
    expect(() => links.onPageOf(token)).toThrow(PREVIEW_EXPIRED);
  });

  it('name a banner on a page, never passing for a page text of the same id', () => {
    const links = previewLinks(config);
    const link = new URL(links.bannerLinkFor(7, '/').url);
    expect(link.origin + link.pathname).toBe(`${config.publicUrl}/`);
    const token = link.searchParams.get(PAGE_PREVIEW_PARAM)!;
    expect(token).toMatch(/^banner-7\./);
    expect(links.onPageOf(token)).toEqual({ of: 'banner', id: 7 });
    // The mark is signed: a banner's token made into a page text's (or a post's) breaks the signature.
    expect(() => links.onPageOf(token.replace('banner-', 'page-'))).toThrow(PREVIEW_EXPIRED);
    expect(() => links.postIdOf(token.slice('banner-'.length))).toThrow(PREVIEW_EXPIRED);
  });
});
