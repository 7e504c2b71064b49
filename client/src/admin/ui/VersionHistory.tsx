import { Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, type UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { notifyError, notifySuccess } from '../../notify.js';
import { actionWords, changedFieldWords } from '../pages/activity/activity-words.js';
import { AdminModal } from './AdminModal.js';
import { ConfirmModal } from './ConfirmModal.js';
import { errorMessage } from './errors.js';
import { formatWhens } from './list-cells.js';
import { QueryState } from './QueryState.js';

/** A version of an item: the audit log's entry that left it (server/src/audit), as every revisions query lists it. */
export interface Version {
  id: number;
  at: string;
  action: string;
  staff_name: string | null;
  changes: Record<string, unknown> | null;
}

/**
 * An item's versions, newest first: when, who, what changed. Each older one may be brought back after a question
 * (`children` says what comes back and what stays); the restore is a version itself, so `onRestored` reads again
 * what shows the item (the list of versions included).
 */
export function VersionHistory<V extends Version, Restored>({
  title,
  versions,
  what,
  restore,
  onRestored,
  onClose,
  children,
}: {
  title: string;
  /** The item's revisions query. */
  versions: UseQueryResult<V[], unknown>;
  /** What the versions are, for loading and errors: "the post's versions". */
  what: string;
  /** Brings the item back to a version (its restore mutation). */
  restore: (version: V) => Promise<Restored>;
  /** After a restore: what to read again, or show, of the restored item. */
  onRestored: (restored: Restored) => Promise<void> | void;
  onClose: () => void;
  children: ReactNode;
}) {
  const [asking, ask] = useState<V | null>(null);
  const restoring = useMutation({
    mutationFn: restore,
    onSuccess: async (restored) => {
      ask(null);
      notifySuccess('Version restored');
      await onRestored(restored);
    },
    onError: (error) => notifyError(errorMessage(error)),
  });

  const whens = formatWhens((versions.data ?? []).map((version) => version.at));

  return (
    <>
      {/* One dialog at a time: the question takes the history's place, which comes back after it. */}
      <AdminModal opened={asking === null} onClose={onClose} title={title}>
        {versions.isSuccess ? (
          versions.data.length === 0 ? (
            <Text size="sm" c="dimmed">
              No versions recorded yet.
            </Text>
          ) : (
            <Stack component="ol" gap={0} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Versions, newest first">
              {versions.data.map((version, index) => (
                <VersionRow
                  key={version.id}
                  version={version}
                  when={whens[index]!}
                  current={index === 0}
                  onRestore={() => ask(version)}
                />
              ))}
            </Stack>
          )
        ) : (
          <QueryState query={versions} what={what} />
        )}
      </AdminModal>
      <ConfirmModal
        opened={asking !== null}
        title="Restore this version?"
        onClose={() => ask(null)}
        onConfirm={() => asking && restoring.mutate(asking)}
        confirmLabel="Restore"
        color="brand"
        confirming={restoring.isPending}
      >
        <Text size="sm">{children}</Text>
      </ConfirmModal>
    </>
  );
}

/** One version: when and who, what it changed, and Restore (the newest is the item as it is). */
function VersionRow({
  version,
  when,
  current,
  onRestore,
}: {
  version: Version;
  /** When it was made, as the list words it (to the second when another was made the same minute). */
  when: string;
  current: boolean;
  onRestore: () => void;
}) {
  const changed = changedFieldWords(version.changes ?? {});
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      py="xs"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text size="sm" fw={500}>
          {when}
          {current ? (
            <Text span size="xs" c="dimmed" ml="xs">
              (now)
            </Text>
          ) : null}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {version.staff_name ?? 'The site'} {actionWords(version.action)}
          {changed && version.action === 'changed' ? `: ${changed}` : ''}
        </Text>
      </Stack>
      {current ? null : (
        <Button size="xs" variant="default" onClick={onRestore} aria-label={`Restore the version of ${when}`}>
          Restore
        </Button>
      )}
    </Group>
  );
}
