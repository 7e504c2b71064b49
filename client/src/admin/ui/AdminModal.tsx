import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

/** Every staff-area modal (spec §9: 30vw wide; the full width on phones), with its title, close button and Escape. */
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
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={phone ? '100%' : '30vw'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {children}
    </Modal>
  );
}
