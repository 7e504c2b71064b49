import { Button, Container, Text, Title } from '@mantine/core';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';

export function NotFoundPage() {
  return <ErrorMessage title="Page not found" text="The page you are looking for does not exist or has moved." />;
}

/** Shown instead of the page when loading it failed; never shows technical details. */
export function PublicErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <ErrorMessage title="Something went wrong" text="Please try again in a moment." />;
}

function ErrorMessage({ title, text }: { title: string; text: string }) {
  return (
    <Container size="sm" py={80} ta="center">
      <Title order={1}>{title}</Title>
      <Text mt="md" c="dimmed">
        {text}
      </Text>
      <Button component={Link} to="/" mt="xl">
        Go to the home page
      </Button>
    </Container>
  );
}
