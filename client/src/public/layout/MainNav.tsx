import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import ui from '../ui/ui.module.css';
import { useDropdown } from './dropdown.js';
import classes from './layout.module.css';
import type { NavEntry } from './navigation.js';

type NavGroupEntry = Extract<NavEntry, { kind: 'group' }>;

/** A group of the menu: a button showing its pages (and nested groups, which open to the side). */
function NavGroup({ entry, nested }: { entry: NavGroupEntry; nested: boolean }) {
  const dropdown = useDropdown({ openKey: nested ? 'ArrowRight' : 'ArrowDown', hover: true });
  const Chevron = nested ? IconChevronRight : IconChevronDown;
  return (
    <li {...dropdown.rootProps} className={classes.navItem}>
      <button {...dropdown.buttonProps} className={nested ? classes.menuItem : classes.navLink}>
        {entry.label}
        <Chevron size={14} aria-hidden />
      </button>
      <ul {...dropdown.listProps} className={`${ui.plainList} ${classes.dropdown}`}>
        <NavItems entries={entry.items} nested />
      </ul>
    </li>
  );
}

function NavItems({ entries, nested }: { entries: NavEntry[]; nested: boolean }) {
  return entries.map((entry) =>
    entry.kind === 'page' ? (
      <li key={entry.path}>
        <Link to={entry.path} className={nested ? classes.menuItem : classes.navLink}>
          {entry.label}
        </Link>
      </li>
    ) : (
      <NavGroup key={entry.label} entry={entry} nested={nested} />
    ),
  );
}

/**
 * The desktop navigation: top-level pages as links, groups as buttons that show their pages, nested groups opening
 * to the side. Keyboard: Enter, Space or ArrowDown opens a group, arrows move, ArrowRight opens a nested group,
 * ArrowLeft or Escape closes it and returns to its button.
 */
export function MainNav({ entries }: { entries: NavEntry[] }) {
  return (
    <ul className={`${ui.plainList} ${classes.menuList}`}>
      <NavItems entries={entries} nested={false} />
    </ul>
  );
}
