import '../dialog-styles.js';
import { Button, Drawer, NavLink, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { NavEntry } from './navigation.js';

function NavEntries({ entries, onNavigate }: { entries: NavEntry[]; onNavigate: () => void }) {
  const { pathname } = useLocation();
  return entries.map((entry) =>
    entry.kind === 'page' ? (
      <NavLink
        key={entry.path}
        component={Link}
        to={entry.path}
        label={entry.label}
        active={pathname === entry.path}
        onClick={onNavigate}
      />
    ) : (
      <NavGroup key={entry.label} label={entry.label}>
        <NavEntries entries={entry.items} onNavigate={onNavigate} />
      </NavGroup>
    ),
  );
}

/** An expandable group: a real button with aria-expanded (Mantine's NavLink alone renders a link without href). */
function NavGroup({ label, children }: { label: string; children: ReactNode }) {
  const [opened, setOpened] = useState(false);
  return (
    <NavLink
      component="button"
      type="button"
      label={label}
      opened={opened}
      onChange={setOpened}
      aria-expanded={opened}
      childrenOffset="md"
    >
      {children}
    </NavLink>
  );
}

/**
 * The navigation at 768 px and below (spec §9): a drawer filling the screen (half of it on wider screens), with the
 * groups as expandable sections and the two actions at the bottom. Mantine's Drawer traps focus, closes on Escape
 * and returns focus to the menu button.
 */
export function MobileNav({
  opened,
  onClose,
  entries,
  showEnquiry,
  showBookAppointment,
  onEnquiry,
}: {
  opened: boolean;
  onClose: () => void;
  entries: NavEntry[];
  showEnquiry: boolean;
  showBookAppointment: boolean;
  onEnquiry: () => void;
}) {
  const narrow = useMediaQuery('(max-width: 768px)', true, { getInitialValueInEffect: false });
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      size={narrow ? '100%' : '50%'}
      position="right"
      title="Menu"
      closeButtonProps={{ 'aria-label': 'Close menu' }}
    >
      <nav aria-label="Main">
        <NavEntries entries={entries} onNavigate={onClose} />
      </nav>
      <Stack mt="lg" gap="sm">
        {showEnquiry ? (
          <Button
            onClick={() => {
              onClose();
              onEnquiry();
            }}
          >
            Enquiry
          </Button>
        ) : null}
        {showBookAppointment ? (
          <Button component={Link} to="/book-an-appointment" variant="outline" onClick={onClose}>
            Book An Appointment
          </Button>
        ) : null}
      </Stack>
    </Drawer>
  );
}
