import { Badge, Group, Text } from '@mantine/core';
import { useMemo } from 'react';
import { columnsOf } from '../../ui/list-cells.js';
import { actionColumn } from '../../ui/RowActions.js';
import {
  BOOK_APPOINTMENT_PAGE_NAME,
  ENQUIRY_PAGE_NAME,
  FOOTER_QUICK_LINKS,
  MENU,
  isPageEnabled,
} from '../../../public/layout/navigation.js';

/** A country's page list: where each page shows in the public site's navigation (menu, header button, footer), its columns and its removal. */

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

export interface AssignedPage {
  id: number;
  name: string;
}

/** A country's pages list: id, name, where the page shows in the site's navigation, and delete. */
export function usePageColumns(onDelete: (page: AssignedPage) => void) {
  return useMemo(
    () => [
      ...columnsOf<AssignedPage>({
        ID: (page) => page.id,
        Name: (page) => page.name,
        Navigation: (page) => <NavigationCell name={page.name} />,
      }),
      actionColumn((page: AssignedPage) => ({ name: page.name, onDelete: () => onDelete(page) })),
    ],
    [onDelete],
  );
}

/** What removing a page from a country asks, warning when it is the site's home page. */
export function removalWords(page: AssignedPage | null | undefined, country: { name: string } | undefined) {
  if (!page || !country) return { what: '', consequence: null };
  return {
    what: `Remove the page "${page.name}" from ${country.name}.`,
    consequence: navigationPlacesOf(page.name).includes('Home page')
      ? `This is the home page: the ${country.name} site's address (/) will answer "Page not found" to every ` +
        `visitor of ${country.name} until Home is added back.`
      : null,
  };
}
