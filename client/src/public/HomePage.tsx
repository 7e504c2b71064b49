import { Container, List, Text, Title } from '@mantine/core';
import { PRODUCT_NAME } from '../../../shared/brand.js';
import { useSiteLayout } from './useSiteLayout.js';

export function HomePage() {
  const { country, countries } = useSiteLayout();
  return (
    <Container size="xl" py="xl">
      <Title order={1}>{PRODUCT_NAME}</Title>
      <Text mt="sm" size="lg">
        Study abroad, IELTS and PTE classes, visas, migration and career counselling — {country.name} site.
      </Text>
      <Title order={2} size="h3" mt="xl">
        Our country sites
      </Title>
      <List mt="sm" data-testid="country-list">
        {countries.map((c) => (
          <List.Item key={c.id}>{c.name}</List.Item>
        ))}
      </List>
    </Container>
  );
}
