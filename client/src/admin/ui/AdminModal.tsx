import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

/**
 * Every staff-area modal (spec §9: 30vw wide; the full width on phones), with its title, close button and Escape.
 * Built from Modal's parts so its header is a plain `div`: Mantine's own `<header>` would be a second page banner
 * next to the top bar for screen readers.
 */
export function AdminModal({
  opened,
  onClose,
  title,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) {
  const phone = useMediaQuery('(max-width: 768px)');
  return (
    <Modal.Root opened={opened} onClose={onClose} size={phone ? '100%' : '30vw'}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
