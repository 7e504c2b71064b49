import {
  Anchor,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { QueryState } from '../ui/QueryState.js';
import { updatePageContentInput } from '../../../../shared/page.schema.js';
import { SITE_PAGES } from '../../../../shared/site-pages.js';
import { notifyError, notifySuccess } from '../../notify.js';
import { PageIntro } from '../../public/content/PageIntro.js';
import { PageText } from '../../public/content/PageText.js';
import { useTrpc } from '../../trpc.js';
import { PageFaqs } from '../../public/content/PageFaqs.js';
import { ConfirmModal } from '../ui/ConfirmModal.js';
import { errorMessage } from '../ui/errors.js';
import { useAdminForm } from '../ui/use-admin-form.js';
import { PageFaqFields, type PageTextValues } from './PageFaqFields.js';

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

function PageTextForm({ pageId, onUnsavedChange }: { pageId: number; onUnsavedChange: (unsaved: boolean) => void }) {
  const trpc = useTrpc();
  const content = useQuery(trpc.page.content.queryOptions({ page_id: pageId }));
  if (!content.isSuccess) return <QueryState query={content} what="the page's text" />;
  const { heading, summary, body, faqs, page_name } = content.data;
  return (
    <PageTextFields
      pageId={pageId}
      pageName={page_name}
      saved={{ heading, summary, body, faqs }}
      onUnsavedChange={onUnsavedChange}
    />
  );
}

function PageTextFields({
  pageId,
  pageName,
  saved,
  onUnsavedChange,
}: {
  pageId: number;
  pageName: string;
  saved: PageTextValues;
  onUnsavedChange: (unsaved: boolean) => void;
}) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const { form, canSubmit, showServerErrors } = useAdminForm(updatePageContentInput, saved, (values) => ({
    page_id: pageId,
    ...values,
  }));
  const dirty = form.isDirty();
  const wide = useMediaQuery('(min-width: 75em)', false, { getInitialValueInEffect: false });
  const publicPath = SITE_PAGES.find((page) => page.name === pageName)?.path;

  useEffect(() => {
    onUnsavedChange(dirty);
    if (!dirty) return;
    // Closing or reloading the tab asks first as well.
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, onUnsavedChange]);

  const save = useMutation(
    trpc.page.updateContent.mutationOptions({
      onSuccess: async (stored) => {
        notifySuccess('Successfully Updated!');
        // What the server stored (trimmed, one kind of line ending) is the new unchanged state.
        const values = { heading: stored.heading, summary: stored.summary, body: stored.body, faqs: stored.faqs };
        form.setInitialValues(values);
        form.setValues(values);
        form.resetDirty(values);
        await queryClient.invalidateQueries({ queryKey: trpc.page.pathKey() });
      },
      onError: (error) => {
        if (!showServerErrors(error)) notifyError(errorMessage(error));
      },
    }),
  );

  const editor = (
    <Stack gap="md">
      <TextInput label="Heading" required {...form.getInputProps('heading')} />
      <Textarea label="Summary" required autosize minRows={2} {...form.getInputProps('summary')} />
      <Textarea
        label="Body"
        description={
          'A line starting with "## " is a subheading; lines starting with "- " form a list; a blank line ' +
          'starts a new paragraph. Everything else, HTML included, shows exactly as typed.'
        }
        autosize
        minRows={12}
        maxRows={30}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        {...form.getInputProps('body')}
      />
      <PageFaqFields form={form} />
    </Stack>
  );
  // The public site's own components, so the preview is what visitors will see.
  const preview = (
    <Paper withBorder p="md" component="section" aria-label="Preview">
      <PageIntro content={form.values} order={2} />
      <PageText body={form.values.body} headingOrder={3} />
      <PageFaqs faqs={form.values.faqs.filter((faq) => faq.question.trim())} />
    </Paper>
  );

  return (
    <form noValidate onSubmit={form.onSubmit((values) => save.mutate({ page_id: pageId, ...values }))}>
      <Stack gap="md">
        {wide ? (
          <SimpleGrid cols={2} spacing="lg">
            {editor}
            {preview}
          </SimpleGrid>
        ) : (
          <Tabs defaultValue="write" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="write">Write</Tabs.Tab>
              <Tabs.Tab value="preview">Preview</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="write" pt="md">
              {editor}
            </Tabs.Panel>
            <Tabs.Panel value="preview" pt="md">
              {preview}
            </Tabs.Panel>
          </Tabs>
        )}
        <Group justify="space-between">
          {publicPath ? (
            <Anchor href={publicPath} target="_blank" rel="noopener">
              Open {pageName} on the site
            </Anchor>
          ) : (
            <span />
          )}
          <Button type="submit" disabled={!canSubmit} loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
