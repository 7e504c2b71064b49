import { Button } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTrpc, useTrpcClient, type ApiOutputs } from '../../../trpc.js';
import { useActor } from '../../actor.js';
import { VersionHistory } from '../../ui/VersionHistory.js';

export type StoredPageText = ApiOutputs['page']['restoreContent'];

interface PageTextHistoryProps {
  pageId: number;
  /** A country's own text's history; left out, the shared text's. */
  countryId?: number;
  pageName: string;
  /** The form has changes not saved yet (a restore replaces them). */
  unsaved: boolean;
  /** The text has an unpublished draft (a restore, being an update, discards it). */
  drafted: boolean;
  onRestored: (stored: StoredPageText) => Promise<void>;
}

/**
 * A page text's History button and its versions: the shared text's for administrators (only they may read or restore
 * them), a country's own for whoever may change it. A restore
 * hands the text as stored to `onRestored`, so the form shows it; `unsaved` says the form's changes would go.
 */
export function PageTextHistory(props: PageTextHistoryProps) {
  const actor = useActor();
  const [open, setOpen] = useState(false);
  if (props.countryId === undefined && actor.data?.role !== 'ADMIN') return null;
  return (
    <>
      <Button variant="default" leftSection={<IconHistory size={16} aria-hidden />} onClick={() => setOpen(true)}>
        History
      </Button>
      {open ? <PageTextVersions {...props} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function PageTextVersions({
  pageId,
  countryId,
  pageName,
  unsaved,
  drafted,
  onRestored,
  onClose,
}: PageTextHistoryProps & { onClose: () => void }) {
  const trpc = useTrpc();
  const { page } = useTrpcClient();
  const revisions = useQuery(trpc.page.contentRevisions.queryOptions({ id: pageId, country_id: countryId }));
  return (
    <VersionHistory
      title={`History of ${pageName}`}
      versions={revisions}
      what="the page text's versions"
      restore={(revision) =>
        page.restoreContent.mutate({ id: pageId, country_id: countryId, revision_id: revision.id })
      }
      onRestored={onRestored}
      onClose={onClose}
    >
      The page&apos;s heading, summary and body go back to how they were then,{' '}
      {countryId === undefined ? 'on every country site without its own text' : 'on this country’s site'}. Its questions
      stay.{drafted ? ' Its unpublished draft is discarded.' : ''}
      {unsaved ? ' Changes not saved yet are lost.' : ''}
    </VersionHistory>
  );
}
