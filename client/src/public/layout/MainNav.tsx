import { Button, Group, Menu, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import classes from './layout.module.css';
import type { NavEntry } from './navigation.js';

/** A submenu inside a dropdown (e.g. Visa → Skilled Visa → subclass 189). */
function SubMenu({ entry }: { entry: Extract<NavEntry, { kind: 'group' }> }) {
  return (
    <Menu.Sub keepMounted keepMountedMode="display-none">
      <Menu.Sub.Target>
        <Menu.Sub.Item rightSection={<IconChevronRight size={14} aria-hidden />}>{entry.label}</Menu.Sub.Item>
      </Menu.Sub.Target>
      <Menu.Sub.Dropdown>
        <MenuItems entries={entry.items} />
      </Menu.Sub.Dropdown>
    </Menu.Sub>
  );
}

function MenuItems({ entries }: { entries: NavEntry[] }) {
  return entries.map((entry) =>
    entry.kind === 'page' ? (
      <Menu.Item key={entry.path} component={Link} to={entry.path}>
        {entry.label}
      </Menu.Item>
    ) : (
      <SubMenu key={entry.label} entry={entry} />
    ),
  );
}

/**
 * The desktop navigation: top-level pages as links, groups as dropdown menus with nested submenus. Mantine's Menu
 * gives the keyboard behaviour of a menu button: Enter/Space/ArrowDown open, arrows move, Escape closes and returns
 * focus to the button.
 */
export function MainNav({ entries }: { entries: NavEntry[] }) {
  return (
    <Group gap={2} wrap="nowrap" component="ul" className={classes.menuList}>
      {entries.map((entry) => (
        <li key={entry.kind === 'page' ? entry.path : entry.label}>
          {entry.kind === 'page' ? (
            <UnstyledButton component={Link} to={entry.path} className={classes.navLink}>
              {entry.label}
            </UnstyledButton>
          ) : (
            // Kept mounted (hidden) and outside a portal, so every link is in the server-rendered HTML.
            <Menu
              trigger="click-hover"
              position="bottom-start"
              offset={4}
              loop
              withinPortal={false}
              keepMounted
              keepMountedMode="display-none"
            >
              <Menu.Target>
                <Button
                  variant="subtle"
                  color="dark"
                  className={classes.navButton}
                  rightSection={<IconChevronDown size={14} aria-hidden />}
                >
                  {entry.label}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <MenuItems entries={entry.items} />
              </Menu.Dropdown>
            </Menu>
          )}
        </li>
      ))}
    </Group>
  );
}
