import { Badge, Group, Text } from '@mantine/core';
import {
  BOOK_APPOINTMENT_PAGE_NAME,
  ENQUIRY_PAGE_NAME,
  FOOTER_QUICK_LINKS,
  MENU,
  isPageEnabled,
} from '../../../public/layout/navigation.js';

/** Where a page shows in the public site's navigation (menu, header button, footer), for the page list. */

const MENU_PAGE_NAMES = MENU.flatMap(function names(entry): string[] {
  return entry.kind === 'page' ? [entry.label] : entry.items.flatMap(names);
});

/** Where a page shows in the public site's navigation, for the "Navigation" column. */
export function navigationPlacesOf(name: string): string[] {
  if (isPageEnabled(name, ['Home'])) return ['Home page'];
  const places: string[] = [];
  if (isPageEnabled(name, [ENQUIRY_PAGE_NAME, BOOK_APPOINTMENT_PAGE_NAME])) places.push('Header button');
  if (isPageEnabled(name, MENU_PAGE_NAMES)) places.push('Menu');
  if (
    isPageEnabled(
      name,
      FOOTER_QUICK_LINKS.map((link) => link.label),
    )
  )
    places.push('Footer');
  return places;
}

/** The "Navigation" cell: a badge per place the page shows in, or that it is only linked from other pages. */
export function NavigationCell({ name }: { name: string }) {
  const places = navigationPlacesOf(name);
  if (places.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Linked from other pages only
      </Text>
    );
  }
  return (
    <Group gap={4}>
      {places.map((place) => (
        <Badge key={place} variant="filled" color={place === 'Home page' ? 'accent.8' : 'brand'}>
          {place}
        </Badge>
      ))}
    </Group>
  );
}
