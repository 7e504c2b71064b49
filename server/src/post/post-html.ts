import sanitizeHtml from 'sanitize-html';
import { OWN_MEDIA, YOUTUBE_EMBED } from '../../../shared/post-address.js';

/** What an external link carries: no access to our window, no referrer, no ranking credit (decision 039). */
export const EXTERNAL_LINK_REL = 'noopener noreferrer nofollow';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...['p', 'br', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'pre', 'code', 'hr'],
    ...['strong', 'b', 'em', 'i', 'u', 's', 'strike', 'del', 'a', 'img', 'iframe'],
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    iframe: ['src', 'width', 'height', 'title', 'allowfullscreen'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [], iframe: ['https'] },
  allowProtocolRelative: false,
  allowedIframeHostnames: ['www.youtube-nocookie.com', 'youtube-nocookie.com', 'www.youtube.com', 'youtube.com'],
  allowIframeRelativeUrls: false,
  transformTags: {
    // Staff cannot set `rel`: an absolute http(s) link is external and gets ours; others (relative, mailto) none.
    // A link opens in a new tab or in place: `target` is `_blank` or absent.
    a: (tagName, attribs) => {
      const { rel: _rel, target, ...rest } = attribs;
      if (target === '_blank') rest.target = target;
      const external = /^https?:\/\//i.test((attribs.href ?? '').trim());
      return { tagName, attribs: external ? { ...rest, rel: EXTERNAL_LINK_REL } : rest };
    },
  },
  // Dropped whole: pictures not from our library, frames that are not a YouTube player.
  exclusiveFilter: (frame) =>
    (frame.tag === 'img' && !OWN_MEDIA.test(frame.attribs.src ?? '')) ||
    (frame.tag === 'iframe' && !YOUTUBE_EMBED.test(frame.attribs.src ?? '')),
};

/** A post's body as it may be stored and shown as is: only the allow-list of decision 039 survives. */
export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
