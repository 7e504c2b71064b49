import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { useState, type JSX } from 'react';
import ui from '../ui/ui.module.css';
import classes from './content.module.css';
import { externalLinkOf, videoEmbedOf } from './embeds.js';

export interface VideoEmbedProps {
  url: string;
  /** The video's name: the iframe's title (what a screen reader announces) or the link text. */
  title: string;
}

const PROVIDER_NAMES = { youtube: 'YouTube', vimeo: 'Vimeo' } as const;

/**
 * A YouTube or Vimeo video in a 16:9 frame. Until the visitor presses play it is a poster of our own (the video's
 * name and a play button), so the page asks the provider for nothing, and a visitor offline or without JavaScript
 * sees a designed box with a link to the video instead of an empty frame. Playing loads the privacy-friendly
 * player (youtube-nocookie.com, Vimeo with Do Not Track). Any other link is shown as a link.
 */
export function VideoEmbed({ url, title }: VideoEmbedProps): JSX.Element | null {
  const [playing, setPlaying] = useState(false);
  const embed = videoEmbedOf(url);
  const href = externalLinkOf(url);
  const name = title || 'Video';
  if (embed) {
    const provider = PROVIDER_NAMES[embed.provider];
    return (
      <figure className={classes.videoFigure}>
        <div className={classes.video}>
          {playing ? (
            <iframe
              src={`${embed.src}${embed.src.includes('?') ? '&' : '?'}autoplay=1`}
              title={name}
              allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture; fullscreen"
              // YouTube refuses to play embeds that send no referrer.
              referrerPolicy="strict-origin-when-cross-origin"
            />
          ) : (
            <button type="button" className={classes.videoPoster} onClick={() => setPlaying(true)}>
              <span className={classes.videoPlay} aria-hidden>
                <IconPlayerPlayFilled size={28} />
              </span>
              <span className={classes.videoName}>
                <span className={ui.visuallyHidden}>Play video: </span>
                {name}
              </span>
            </button>
          )}
        </div>
        {href ? (
          <figcaption className={classes.videoCaption}>
            <a href={href} target="_blank" rel="noopener noreferrer" className={ui.link}>
              {`Watch on ${provider}`}
              <span className={ui.visuallyHidden}> (opens in a new tab)</span>
            </a>
          </figcaption>
        ) : null}
      </figure>
    );
  }
  if (!href) return null;
  return (
    <a href={href} className={ui.link}>
      {title ? `Watch “${title}”` : 'Watch the video'}
    </a>
  );
}
