import { List, Text, Title } from '@mantine/core';
import { useMemo, type JSX } from 'react';
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
  return (
    <div className={classes.prose}>
      {blocks.map((block, index) => {
        switch (block.kind) {
          case 'heading':
            return (
              <Title key={index} order={headingOrder} size={headingOrder === 2 ? 'h3' : 'h4'}>
                {block.text}
              </Title>
            );
          case 'list':
            return (
              <List key={index} spacing={4}>
                {block.items.map((item, itemIndex) => (
                  <List.Item key={itemIndex}>{item}</List.Item>
                ))}
              </List>
            );
          case 'paragraph':
            return <Text key={index}>{block.text}</Text>;
        }
      })}
    </div>
  );
}
