import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { AdminModal } from './AdminModal.js';

/**
 * The staff area's one question dialog: what is asked, then Cancel (or `cancelLabel`; null for none), any `more`
 * buttons, and the answer that acts (red unless `color` says otherwise).
 */
export function ConfirmModal({
  opened = true,
  title,
  onClose,
  onConfirm,
  confirmLabel,
  cancelLabel = 'Cancel',
  confirming = false,
  disabled = false,
  color = 'red',
  more,
  children,
}: {
  opened?: boolean;
  title: string;
  onClose: () => void;
  onConfirm: () => void;
  confirmLabel: string;
  cancelLabel?: string | null;
  confirming?: boolean;
  disabled?: boolean;
  /** The answer's colour: red, or the theme's `brand` for an answer that only closes. */
  color?: string;
  /** Other answers, between Cancel and the confirming one (e.g. "Remove from Nepal"). */
  more?: ReactNode;
  children: ReactNode;
}) {
  return (
    <AdminModal opened={opened} onClose={onClose} title={title}>
      {children}
      <Group justify="flex-end" mt="lg" gap={more ? 'sm' : undefined}>
        {cancelLabel !== null ? (
          <Button variant="default" onClick={onClose}>
            {cancelLabel}
          </Button>
        ) : null}
        {more}
        <Button color={color} onClick={onConfirm} loading={confirming} disabled={disabled}>
          {confirmLabel}
        </Button>
      </Group>
    </AdminModal>
  );
}
