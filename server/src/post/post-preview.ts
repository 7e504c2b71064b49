import { createHmac, timingSafeEqual } from 'node:crypto';
import { PAGE_PREVIEW_PARAM, PREVIEW_EXPIRED, PREVIEW_PATH } from '../../../shared/post-address.js';
import { deriveKey } from '../auth/secrets.js';
import { AppError } from '../errors.js';

/** How long a preview link works: long enough to ask a colleague, short enough that a leaked one dies. */
export const PREVIEW_LINK_HOURS = 48;

export interface PreviewLink {
  url: string;
  expires_at: string;
}

/**
 * What a preview link shows: a post (`/blog/preview/<token>`), or on a page of the site itself (`?preview=`) the page's
 * text or a banner.
 */
type PreviewKind = 'post' | 'page' | 'country page' | 'banner';
/** Each kind's mark in the signed claim, so a post's link never opens a page's draft or the other way round. */
const CLAIM_PREFIX: Record<PreviewKind, string> = {
  post: '',
  page: 'page-',
  'country page': 'text-',
  banner: 'banner-',
};

/**
 * What a `?preview=` token on a page shows: the page's shared text (by the page's id), a country's own text of it (by
 * that text's id, decision 067), or a banner as its draft makes it.
 */
export type OnPagePreview = { of: 'page' | 'country page' | 'banner'; id: number };

/**
 * Links that show a post, a page's text with its draft, or a banner as its draft makes it, to whoever has them, with
 * no staff session (issue 20: "sharing with a colleague"). A token is `[page-|banner-]<id>.<expiry>.<signature>`: an
 * HMAC with a key derived from SESSION_SECRET, so every instance agrees and changing the secret voids every link.
 */
export function previewLinks(config: { sessionSecret: string; publicUrl: string }, now: () => number = Date.now) {
  const key = deriveKey(config.sessionSecret, 'post-preview-link');
  const signatureOf = (claim: string) => createHmac('sha256', key).update(claim).digest();

  /** A token naming the item, valid for PREVIEW_LINK_HOURS from now. */
  function tokenFor(kind: PreviewKind, id: number) {
    const expires = Math.floor(now() / 1000) + PREVIEW_LINK_HOURS * 3600;
    const claim = `${CLAIM_PREFIX[kind]}${id}.${expires}`;
    return {
      token: `${claim}.${signatureOf(claim).toString('base64url')}`,
      expires_at: new Date(expires * 1000).toISOString(),
    };
  }

  /** The item of `kind` a token names; NOT_FOUND with PREVIEW_EXPIRED when it is forged, altered, too old or another kind's. */
  function idOf(kind: PreviewKind, token: string): number {
    const match = /^((?:page-|text-|banner-)?)(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (match && match[1] === CLAIM_PREFIX[kind]) {
      const [, prefix, id, expires, signature] = match;
      const expected = signatureOf(`${prefix}${id}.${expires}`);
      const given = Buffer.from(signature!, 'base64url');
      const genuine = given.length === expected.length && timingSafeEqual(given, expected);
      if (genuine && Number(expires) * 1000 > now()) return Number(id);
    }
    throw new AppError('NOT_FOUND', PREVIEW_EXPIRED);
  }

  function onPage(kind: OnPagePreview['of'], id: number, path: string): PreviewLink {
    const { token, expires_at } = tokenFor(kind, id);
    return { url: `${config.publicUrl}${path}?${PAGE_PREVIEW_PARAM}=${token}`, expires_at };
  }

  return {
    /** A preview link of the post. */
    linkFor(postId: number): PreviewLink {
      const { token, expires_at } = tokenFor('post', postId);
      return { url: `${config.publicUrl}${PREVIEW_PATH}${token}`, expires_at };
    },
    /** A link to the page at `path` (every country site's address) showing its text's draft. */
    pageTextLinkFor: (pageId: number, path: string) => onPage('page', pageId, path),
    /** A link to the page at `path` (its country's address) showing a country's own text of it with its draft. */
    countryPageTextLinkFor: (textId: number, path: string) => onPage('country page', textId, path),
    /** A link to the page at `path` showing the banner as its draft makes it. */
    bannerLinkFor: (bannerId: number, path: string) => onPage('banner', bannerId, path),
    postIdOf: (token: string) => idOf('post', token),
    /** What a page's `?preview=` token shows; NOT_FOUND as `idOf`. */
    onPageOf(token: string): OnPagePreview {
      const of = (['banner', 'country page'] as const).find((kind) => token.startsWith(CLAIM_PREFIX[kind])) ?? 'page';
      return { of, id: idOf(of, token) };
    },
  };
}

export type PreviewLinks = ReturnType<typeof previewLinks>;
