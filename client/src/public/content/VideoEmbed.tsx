import type { JSX } from 'react';
import ui from '../ui/ui.module.css';
import classes from './content.module.css';
import { externalLinkOf, videoEmbedOf } from './embeds.js';

export interface VideoEmbedProps {
  url: string;
  /** The video's name: the iframe's title (what a screen reader announces) or the link text. */
  title: string;
}

/**
 * A YouTube or Vimeo video in a 16:9 frame, loaded only when scrolled near, through the privacy-friendly players
 * (youtube-nocookie.com, Vimeo with Do Not Track); any other link is shown as a link.
 */
export function VideoEmbed({ url, title }: VideoEmbedProps): JSX.Element | null {
  const embed = videoEmbedOf(url);
  if (embed) {
    return (
      <div className={classes.video}>
        <iframe
          src={embed.src}
          title={title || 'Video'}
          loading="lazy"
          allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          // YouTube refuses to play embeds that send no referrer.
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    );
  }
  const href = externalLinkOf(url);
  if (!href) return null;
  return (
    <a href={href} className={ui.link}>
      {title ? `Watch “${title}”` : 'Watch the video'}
    </a>
  );
}
