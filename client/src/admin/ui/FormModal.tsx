import { Button, Group, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { AdminModal } from './AdminModal.js';

/**
 * The staff area's add/edit dialog: a titled modal around a form (the browser's own validation off: the zod
 * messages show instead), its fields, then Cancel and Save. Save is enabled only when `canSubmit`.
 */
export function FormModal({
  title,
  onClose,
  onSubmit,
  canSubmit,
  saving,
  children,
}: {
  title: string;
  onClose: () => void;
  /** @mantine/form's `form.onSubmit(...)`. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  canSubmit: boolean;
  saving: boolean;
  children: ReactNode;
}) {
  return (
    <AdminModal opened onClose={onClose} title={title}>
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="md">
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!canSubmit} loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </AdminModal>
  );
}
