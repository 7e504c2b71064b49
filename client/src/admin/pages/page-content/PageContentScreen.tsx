import { Group, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTrpc } from '../../../trpc.js';
import { useActor } from '../../actor.js';
import { ConfirmModal } from '../../ui/ConfirmModal.js';
import { errorMessage } from '../../ui/errors.js';
import { CountryPageText } from './CountryPageText.js';
import { PageTextForm } from './PageTextEditor.js';

/** The site switch's value for the text every site shares. */
const SHARED = 'shared';

/**
 * The text every public page shows under its banners (heading, summary, body), its FAQ and what search engines are
 * told of it, edited with a live preview: the text every country site shares, or one country's own (decision 067).
 * Administrators edit both; an editor, their countries' own texts.
 */
export function PageContentScreen() {
  const trpc = useTrpc();
  const actor = useActor();
  const pages = useQuery(trpc.page.getAll.queryOptions());
  const countries = useQuery(trpc.country.getAll.queryOptions({}));
  const isAdmin = actor.data?.role === 'ADMIN';
  const [choice, setChoice] = useState<{ pageId: string | null; site: string | null }>({ pageId: null, site: null });
  const [unsaved, setUnsaved] = useState(false);
  // A page or site chosen while the current text has unsaved changes: switched to once the change is discarded.
  const [pending, setPending] = useState<typeof choice | null>(null);
  // Administrators start on the shared text; an editor on their first country.
  const site = choice.site ?? (isAdmin ? SHARED : countries.data?.[0] ? String(countries.data[0].id) : null);
  const content = useQuery({
    ...trpc.page.content.queryOptions({ page_id: Number(choice.pageId) }),
    enabled: choice.pageId !== null,
  });
  const ownText = new Set(content.data?.own_text_country_ids ?? []);

  const choose = (next: Partial<typeof choice>) => {
    const wanted = { ...choice, site, ...next };
    if (wanted.pageId === choice.pageId && wanted.site === site) return;
    if (unsaved) setPending(wanted);
    else setChoice(wanted);
  };
  const siteOptions = [
    ...(isAdmin ? [{ value: SHARED, label: 'Every site (shared text)' }] : []),
    ...(countries.data ?? []).map((country) => ({
      value: String(country.id),
      label: ownText.has(country.id) ? `${country.name} (own text)` : country.name,
    })),
  ];
  const country = countries.data?.find((candidate) => String(candidate.id) === site);

  return (
    <Stack gap="md">
      <Group gap="md" align="flex-end">
        <Select
          label="Page"
          placeholder={pages.isPending ? 'Loading pages…' : 'Choose a page'}
          w={320}
          searchable
          allowDeselect={false}
          data={(pages.data ?? []).map((page) => ({ value: String(page.id), label: page.name }))}
          value={choice.pageId}
          onChange={(pageId) => choose({ pageId })}
          error={pages.isError ? errorMessage(pages.error) : undefined}
        />
        <Select
          label="Site"
          description={isAdmin ? undefined : 'Your countries’ own texts'}
          w={280}
          allowDeselect={false}
          data={siteOptions}
          value={site}
          onChange={(next) => choose({ site: next })}
        />
      </Group>
      {choice.pageId === null ? (
        <Text>Choose a page to edit the text it shows on every country site, or a country’s own text of it.</Text>
      ) : site === SHARED || !country ? (
        <PageTextForm key={choice.pageId} pageId={Number(choice.pageId)} onUnsavedChange={setUnsaved} />
      ) : (
        <CountryPageText
          key={`${choice.pageId}-${site}`}
          pageId={Number(choice.pageId)}
          country={country}
          onUnsavedChange={setUnsaved}
        />
      )}
      <ConfirmModal
        opened={pending !== null}
        onClose={() => setPending(null)}
        title="Discard unsaved changes?"
        cancelLabel="Keep editing"
        confirmLabel="Discard changes"
        onConfirm={() => {
          setUnsaved(false);
          if (pending) setChoice(pending);
          setPending(null);
        }}
      >
        <Text>The text of this page has changes that are not saved yet.</Text>
      </ConfirmModal>
    </Stack>
  );
}
