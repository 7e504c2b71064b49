import { Box, Container, Text, Title, type ContainerProps } from '@mantine/core';
import { useId, type JSX, type ReactNode } from 'react';

export interface PageSectionProps {
  title: string;
  /** A line under the title. */
  intro?: string;
  size?: ContainerProps['size'];
  children: ReactNode;
}

/** A titled part of a page (h2), labelled by its title for landmark navigation. */
export function PageSection({ title, intro, size = 'lg', children }: PageSectionProps): JSX.Element {
  const headingId = useId();
  return (
    <Container component="section" size={size} py="xl" aria-labelledby={headingId}>
      <Title order={2} id={headingId}>
        {title}
      </Title>
      {intro ? <Text mt="xs">{intro}</Text> : null}
      <Box mt="lg">{children}</Box>
    </Container>
  );
}
