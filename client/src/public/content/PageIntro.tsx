import type { JSX } from 'react';
import type { SitePageContent } from '../../../../shared/site-content.js';
import ui from '../ui/ui.module.css';

/** A page's heading and summary: the h1 of every page except a home page whose first banner carries it. */
export function PageIntro({ content, order = 1 }: { content: SitePageContent; order?: 1 | 2 }): JSX.Element {
  const Heading = order === 1 ? 'h1' : 'h2';
  return (
    <>
      <Heading className={ui.title1}>{content.heading}</Heading>
      {content.summary ? <p className={ui.lead}>{content.summary}</p> : null}
    </>
  );
}
