import { Anchor, Box, Button, Container, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../../../shared/brand.js';
import { isPageEnabled } from './navigation.js';
import type { SiteLayoutData } from './layout-types.js';
import classes from './layout.module.css';

const QUICK_LINKS = [
  { label: 'About Us', path: '/about-us' },
  { label: 'Blog', path: '/blog' },
  { label: 'Gallery', path: '/gallery' },
  { label: 'Contact Us', path: '/contact-us' },
] as const;

/**
 * The footer (spec §2): blurb, Quick Links, newsletter sign-up, the country's social media, the copyright line with
 * the migration agent registration numbers, and the Code of Conduct. The newsletter form is a plain HTML form that
 * posts to the configured mailing-list provider: no third-party script is loaded.
 */
export function Footer({ layout }: { layout: SiteLayoutData }) {
  const { settings, socialLinks, enabledPageNames } = layout;
  const year = new Date().getFullYear();
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="xl" py="xl">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xl">
          <Stack gap="xs">
            <Title order={2} size="h4">
              {PRODUCT_NAME}
            </Title>
            <Text size="sm">
              Education and migration consultants helping students and families study, work and settle in Australia,
              Canada and the UK: course and university advice, IELTS and PTE classes, visas and migration, and career
              counselling.
            </Text>
            {socialLinks.length > 0 ? (
              <Group gap="sm" mt="xs" component="ul" className={classes.plainList} aria-label="Social media">
                {socialLinks.map((link) => (
                  <li key={link.id}>
                    <a href={link.url} target="_blank" rel="noopener noreferrer" className={classes.socialLink}>
                      <img src={link.image.url} alt="" width={32} height={32} loading="lazy" />
                      <span className={classes.visuallyHidden}>{`${link.label} (opens in a new tab)`}</span>
                    </a>
                  </li>
                ))}
              </Group>
            ) : null}
          </Stack>
          <Box component="nav" aria-labelledby="quick-links-heading">
            <Title order={2} size="h4" id="quick-links-heading">
              Quick Links
            </Title>
            <Stack gap={6} mt="xs" component="ul" className={classes.plainList}>
              {QUICK_LINKS.filter((link) => isPageEnabled(link.label, enabledPageNames)).map((link) => (
                <li key={link.path}>
                  <Anchor component={Link} to={link.path} c="white" size="sm">
                    {link.label}
                  </Anchor>
                </li>
              ))}
            </Stack>
          </Box>
          {settings.newsletterFormUrl ? (
            <Box>
              <Title order={2} size="h4">
                Newsletter
              </Title>
              <Text size="sm" mt="xs">
                News about intakes, scholarships and visa changes, about once a month.
              </Text>
              <form action={settings.newsletterFormUrl} method="post" target="_blank" className={classes.newsletter}>
                <TextInput
                  type="email"
                  name="EMAIL"
                  label="Email address"
                  required
                  autoComplete="email"
                  classNames={{ label: classes.footerLabel }}
                />
                <Button type="submit" variant="white" color="dark" mt="sm">
                  Subscribe
                </Button>
              </form>
            </Box>
          ) : null}
        </SimpleGrid>
        <Stack gap={4} mt="xl" pt="md" className={classes.footerBottom}>
          <Text size="sm">
            © {year} {PRODUCT_NAME}. All rights reserved.
            {settings.registrationNumbers ? ` Registered migration agents: ${settings.registrationNumbers}.` : ''}
          </Text>
          <Group gap="md">
            <Anchor href={settings.codeOfConductUrl} target="_blank" rel="noopener noreferrer" c="white" size="sm">
              Code of Conduct (opens in a new tab)
            </Anchor>
          </Group>
          <Text size="xs">
            Country of visitors estimated with IP data by the{' '}
            <Anchor href="https://www.nro.net/" target="_blank" rel="noopener noreferrer" c="white" size="xs">
              NRO
            </Anchor>{' '}
            (CC BY 4.0).
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
