import { Anchor, Button, Group, Paper, Stack, TextInput, Textarea } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { pageTextInput } from '../../../../../shared/page.schema.js';
import { SITE_PAGES } from '../../../../../shared/site-pages.js';
import { notifyError, notifySuccess } from '../../../notify.js';
import { PageFaqs } from '../../../public/content/PageFaqs.js';
import { PageIntro } from '../../../public/content/PageIntro.js';
import { PageText } from '../../../public/content/PageText.js';
import { useTrpc, useTrpcClient, type ApiOutputs } from '../../../trpc.js';
import { DiscardDraftDialog, DraftNotice } from '../../content/item-drafts.js';
import { errorMessage } from '../../ui/errors.js';
import { PreviewLinkDialog } from '../../ui/PreviewLinkDialog.js';
import { QueryState } from '../../ui/QueryState.js';
import { useEditConflicts } from '../../ui/fields.js';
import { useAdminForm } from '../../ui/use-admin-form.js';
import { useLeaveWarning } from '../../ui/use-leave-warning.js';
import { WriteAndPreview } from '../../ui/WriteAndPreview.js';
import { PageFaqFields, type PageTextValues } from './PageFaqFields.js';
import { PageTextHistory, type StoredPageText } from './PageTextHistory.js';

/** One page's text (heading, summary, body, FAQ) with its live preview, drafts, history and preview link. */

export function PageTextForm({
  pageId,
  onUnsavedChange,
}: {
  pageId: number;
  onUnsavedChange: (unsaved: boolean) => void;
}) {
  const trpc = useTrpc();
  const content = useQuery(trpc.page.content.queryOptions({ page_id: pageId }));
  if (!content.isSuccess) return <QueryState query={content} what="the page's text" />;
  const { heading, summary, body, faqs, page_name, draft } = content.data;
  return (
    <PageTextFields
      pageId={pageId}
      pageName={page_name}
      saved={{ heading, summary, body, faqs }}
      draft={draft}
      onUnsavedChange={onUnsavedChange}
    />
  );
}

type PageTextDraft = NonNullable<ApiOutputs['page']['content']['draft']>;

function PageTextFields({
  pageId,
  pageName,
  saved,
  draft,
  onUnsavedChange,
}: {
  pageId: number;
  pageName: string;
  /** The text visitors see. */
  saved: PageTextValues;
  /** Changes kept aside (decision 041): the form starts from them, and Save publishes them. */
  draft: PageTextDraft | null;
  onUnsavedChange: (unsaved: boolean) => void;
}) {
  const trpc = useTrpc();
  const client = useTrpcClient();
  const queryClient = useQueryClient();
  const { form, canSubmit, showServerErrors } = useAdminForm(
    pageTextInput,
    { ...saved, ...draft?.values },
    (values) => ({ page_id: pageId, ...values }),
  );
  const [discarding, setDiscarding] = useState(false);
  const [sharing, setSharing] = useState(false);
  // Unsaved: changed since the last save, draft or not.
  const dirty = form.isDirty();
  // The published text the form started from: Save sends the fields changed from it, checked against it (042, 043).
  const conflicts = useEditConflicts({ page_id: pageId, ...saved });
  /**
   * What was stored becomes the form's unchanged state (and, when it was published, what Save is checked against),
   * then the page's queries are read again.
   */
  const stored = async (values: PageTextValues, published?: PageTextValues) => {
    if (published) conflicts.saved({ page_id: pageId, ...published });
    form.setInitialValues(values);
    form.setValues(values);
    form.resetDirty(values);
    await queryClient.invalidateQueries({ queryKey: trpc.page.pathKey() });
  };
  const failed = (error: unknown) => {
    conflicts.noticed(error);
    if (!showServerErrors(error)) notifyError(errorMessage(error));
  };
  const publicPath = SITE_PAGES.find((page) => page.name === pageName)?.path;

  useEffect(() => onUnsavedChange(dirty), [dirty, onUnsavedChange]);
  useLeaveWarning(dirty);

  // What the server published (trimmed, one kind of line ending; or a restored version) is the new unchanged state.
  const showStored = ({ heading, summary, body, faqs }: StoredPageText) => {
    const values = { heading, summary, body, faqs };
    return stored(values, values);
  };

  const save = useMutation(
    trpc.page.updateContent.mutationOptions({
      onSuccess: async (published) => {
        notifySuccess('Successfully Updated!');
        await showStored(published);
      },
      onError: failed,
    }),
  );
  const saveDraft = useMutation(
    trpc.page.saveContentDraft.mutationOptions({
      onSuccess: async (answer) => {
        notifySuccess('Draft saved');
        await stored({ ...saved, ...answer.draft?.values });
      },
      onError: failed,
    }),
  );
  const busy = save.isPending || saveDraft.isPending;

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
    <form
      noValidate
      onSubmit={form.onSubmit((values) => save.mutate(conflicts.input({ page_id: pageId, ...values }, false)))}
    >
      <Stack gap="md">
        {draft ? <DraftNotice saved={draft} onDiscard={() => setDiscarding(true)} /> : null}
        <WriteAndPreview write={editor} preview={preview} />
        <Group justify="space-between">
          <Group gap="md">
            {publicPath ? (
              <Anchor href={publicPath} target="_blank" rel="noopener">
                Open {pageName} on the site
              </Anchor>
            ) : null}
            <PageTextHistory
              pageId={pageId}
              pageName={pageName}
              unsaved={dirty}
              drafted={draft !== null}
              onRestored={showStored}
            />
            {publicPath ? (
              <Button
                variant="default"
                leftSection={<IconEye size={16} aria-hidden />}
                onClick={() => setSharing(true)}
              >
                Preview link
              </Button>
            ) : null}
          </Group>
          <Group gap="sm" ml="auto">
            <Button
              variant="default"
              disabled={!canSubmit || busy}
              loading={saveDraft.isPending}
              onClick={() => form.onSubmit((values) => saveDraft.mutate({ page_id: pageId, ...values }))()}
            >
              Save draft
            </Button>
            {/* A draft is published as it is: Save needs no further change. */}
            <Button type="submit" disabled={!(canSubmit || (draft && form.isValid())) || busy} loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
      {sharing ? (
        <PreviewLinkDialog
          title={`Preview ${pageName}`}
          makeLink={() => client.page.contentPreviewLink.mutate({ page_id: pageId })}
          onClose={() => setSharing(false)}
        >
          Anyone with this link sees the {pageName} page{' '}
          {draft ? "with this text's draft" : 'with its published text (there is no draft)'} on any country site,
          without signing in.{dirty ? ' Changes not saved as a draft are not in it.' : ''}
        </PreviewLinkDialog>
      ) : null}
      {discarding ? (
        <DiscardDraftDialog
          discard={() => client.page.discardContentDraft.mutate({ page_id: pageId })}
          onClose={() => setDiscarding(false)}
          onDiscarded={async () => {
            setDiscarding(false);
            await stored(saved, saved);
          }}
        />
      ) : null}
    </form>
  );
}
