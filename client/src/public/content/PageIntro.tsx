import { Text, Title } from '@mantine/core';
import type { JSX } from 'react';
import type { SitePageContent } from '../../../../shared/site-content.js';

/** A page's heading and summary: the h1 of every page except a home page whose first banner carries it. */
export function PageIntro({ content, order = 1 }: { content: SitePageContent; order?: 1 | 2 }): JSX.Element {
  return (
    <>
      <Title order={order}>{content.heading}</Title>
      {content.summary ? (
        <Text size="lg" c="gray.7" mt="sm" mb="lg">
          {content.summary}
        </Text>
      ) : null}
    </>
  );
}
