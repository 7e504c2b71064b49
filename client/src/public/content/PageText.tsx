import { useMemo, type JSX } from 'react';
import ui from '../ui/ui.module.css';
import classes from './content.module.css';
import { parsePageText } from './page-text.js';

export interface PageTextProps {
  /** SitePageContent.body: "## " subheadings, "- " lists, blank-line paragraphs. */
  body: string;
  /** The level of the body's subheadings: 2 under the page's h1, 3 where the text sits under an h2. */
  headingOrder?: 2 | 3;
}

/** A page's text as headings, lists and paragraphs; always rendered as text, never as HTML. */
export function PageText({ body, headingOrder = 2 }: PageTextProps): JSX.Element | null {
  const blocks = useMemo(() => parsePageText(body), [body]);
  if (blocks.length === 0) return null;
  const Heading = headingOrder === 2 ? 'h2' : 'h3';
  return (
    <div className={classes.prose}>
      {blocks.map((block, index) => {
        switch (block.kind) {
          case 'heading':
            return (
              <Heading key={index} className={headingOrder === 2 ? ui.title3 : ui.title4}>
                {block.text}
              </Heading>
            );
          case 'list':
            return (
              <ul key={index}>
                {block.items.map((item, itemIndex) => (
                  <li key={itemIndex}>{item}</li>
                ))}
              </ul>
            );
          case 'paragraph':
            return <p key={index}>{block.text}</p>;
        }
      })}
    </div>
  );
}
