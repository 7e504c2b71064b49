import { Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTrpc } from '../../../trpc.js';
import { ConfirmModal } from '../../ui/ConfirmModal.js';
import { errorMessage } from '../../ui/errors.js';
import { PageTextForm } from './PageTextEditor.js';

/**
 * The text every public page shows under its banners (heading, summary, body) and its FAQ, edited with a live
 * preview.
 */
export function PageContentScreen() {
  const trpc = useTrpc();
  const pages = useQuery(trpc.page.getAll.queryOptions());
  const [pageId, setPageId] = useState<string | null>(null);
  const [unsaved, setUnsaved] = useState(false);
  // A page chosen while the current one has unsaved changes: switched to once the change is discarded.
  const [pending, setPending] = useState<string | null>(null);

  const choose = (next: string | null) => {
    if (next === pageId) return;
    if (unsaved) setPending(next);
    else setPageId(next);
  };

  return (
    <Stack gap="md">
      <Select
        label="Page"
        placeholder={pages.isPending ? 'Loading pages…' : 'Choose a page'}
        w={320}
        searchable
        allowDeselect={false}
        data={(pages.data ?? []).map((page) => ({ value: String(page.id), label: page.name }))}
        value={pageId}
        onChange={choose}
        error={pages.isError ? errorMessage(pages.error) : undefined}
      />
      {pageId ? (
        <PageTextForm key={pageId} pageId={Number(pageId)} onUnsavedChange={setUnsaved} />
      ) : (
        <Text>Choose a page to edit the text it shows on every country site.</Text>
      )}
      <ConfirmModal
        opened={pending !== null}
        onClose={() => setPending(null)}
        title="Discard unsaved changes?"
        cancelLabel="Keep editing"
        confirmLabel="Discard changes"
        onConfirm={() => {
          setUnsaved(false);
          setPageId(pending);
          setPending(null);
        }}
      >
        <Text>The text of this page has changes that are not saved yet.</Text>
      </ConfirmModal>
    </Stack>
  );
}
