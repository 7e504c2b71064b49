import { Badge, Card, Group, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A titled card of a screen (a home page section, a dashboard group): its heading, how many items it holds, and at
 * the end of the heading's row what leads on (`aside`: an edit link). `label` makes it a named region, for
 * screen readers to jump to.
 */
export function Section({
  title,
  label,
  count,
  aside,
  children,
}: {
  title: ReactNode;
  label?: string;
  count?: number;
  aside?: ReactNode;
  children?: ReactNode;
}) {
  const heading = (
    <Title order={2} size="h4" mb={aside || count !== undefined ? undefined : 'xs'}>
      {title}
    </Title>
  );
  return (
    <Card withBorder padding="md" component={label ? 'section' : 'div'} aria-label={label}>
      {aside || count !== undefined ? (
        // On a narrow card the aside goes below the heading rather than out of the card.
        <Group
          justify="space-between"
          gap={4}
          mb="sm"
          align="center"
          style={{ columnGap: 'var(--mantine-spacing-md)' }}
        >
          <Group gap="xs" wrap="nowrap">
            {heading}
            {count !== undefined ? (
              <Badge variant="light" color="gray">
                {count}
                <VisuallyHidden> in all</VisuallyHidden>
              </Badge>
            ) : null}
          </Group>
          {aside}
        </Group>
      ) : (
        heading
      )}
      {children}
    </Card>
  );
}
