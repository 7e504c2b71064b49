import { Anchor, Box, Container, Group, Image, Text } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { PRODUCT_NAME } from '../../../shared/brand.js';
import { useSiteLayout } from './useSiteLayout.js';

export function PublicLayout() {
  const { country, headerContactInfo } = useSiteLayout();
  return (
    <Box maw={1920} mx="auto">
      <Box
        component="header"
        pos="sticky"
        top={0}
        bg="white"
        style={{ zIndex: 100, borderBottom: '1px solid #e9ecef' }}
      >
        <Box bg="blue.9" c="white" py={6}>
          <Container size="xl">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Group gap="md" wrap="wrap">
                {headerContactInfo ? (
                  <>
                    <Anchor c="white" size="sm" href={`mailto:${headerContactInfo.email}`}>
                      {headerContactInfo.email}
                    </Anchor>
                    <Anchor c="white" size="sm" href={`tel:${headerContactInfo.phone_number.replace(/[^\d+]/g, '')}`}>
                      {headerContactInfo.phone_number}
                    </Anchor>
                    <Text size="sm">{headerContactInfo.address}</Text>
                  </>
                ) : null}
              </Group>
              <Group gap={6}>
                {country.flag_url ? <Image src={country.flag_url} alt="" w={24} h={16} fit="cover" /> : null}
                <Text size="sm">{country.name}</Text>
              </Group>
            </Group>
          </Container>
        </Box>
        <Container size="xl" py="sm">
          <Anchor component={Link} to="/" fw={700} size="lg" underline="never">
            {PRODUCT_NAME}
          </Anchor>
        </Container>
      </Box>
      <Box component="main" id="main">
        <Outlet />
      </Box>
      <Box component="footer" bg="gray.1" py="lg" mt="xl">
        <Container size="xl">
          <Text size="sm" c="dimmed">
            © {new Date().getFullYear()} {PRODUCT_NAME}
          </Text>
        </Container>
      </Box>
    </Box>
  );
}
