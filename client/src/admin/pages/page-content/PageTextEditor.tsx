import { Anchor, Button, Checkbox, Fieldset, Group, Paper, Stack, TextInput, Textarea } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import {
  PAGE_SEARCH_DESCRIPTION_MAX,
  PAGE_SEARCH_TITLE_MAX,
  pageTextInput,
} from '../../../../../shared/page.schema.js';
import { countryPath } from '../../../../../shared/site-address.js';
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

/**
 * One page's text (heading, summary, body, FAQ, search engines' title and description) with its live preview,
 * drafts, history and preview link: the text every site shares, or with `country` that country's own.
 */
export function PageTextForm({
  pageId,
  country,
  actions,
  onUnsavedChange,
}: {
  pageId: number;
  /** The country whose own text this is (with its address code); left out, the shared text. */
  country?: PageTextCountry;
  /** More buttons beside History (a country's "Back to shared text"). */
  actions?: ReactNode;
  onUnsavedChange: (unsaved: boolean) => void;
}) {
  const trpc = useTrpc();
  const content = useQuery(trpc.page.content.queryOptions({ page_id: pageId, country_id: country?.id }));
  if (!content.isSuccess) return <QueryState query={content} what="the page's text" />;
  const { page_name, draft } = content.data;
  return (
    <PageTextFields
      pageId={pageId}
      country={country}
      pageName={page_name}
      saved={formValuesOf(content.data)}
      draft={draft}
      actions={actions}
      onUnsavedChange={onUnsavedChange}
    />
  );
}

/** A country as the page text form needs it. */
export interface PageTextCountry {
  id: number;
  name: string;
  code: string | null;
}

type PageTextDraft = NonNullable<ApiOutputs['page']['content']['draft']>;

/** A stored text as the form holds it: search fields left empty say "the heading" and "the summary". */
export function formValuesOf(stored: StoredPageText): PageTextValues {
  const { heading, summary, body, faqs, search_title, search_description, noindex } = stored;
  return {
    heading,
    summary,
    body,
    faqs,
    search_title: search_title ?? '',
    search_description: search_description ?? '',
    noindex,
  };
}

function PageTextFields({
  pageId,
  country,
  pageName,
  saved,
  draft,
  actions,
  onUnsavedChange,
}: {
  pageId: number;
  country: PageTextCountry | undefined;
  pageName: string;
  actions: ReactNode;
  /** The text visitors see. */
  saved: PageTextValues;
  /** Changes kept aside (decision 041): the form starts from them, and Save publishes them. */
  draft: PageTextDraft | null;
  onUnsavedChange: (unsaved: boolean) => void;
}) {
  const trpc = useTrpc();
  const client = useTrpcClient();
  const queryClient = useQueryClient();
  // Every call names the text: the shared one, or the country's own.
  const text = { page_id: pageId, country_id: country?.id };
  const { form, canSubmit, showServerErrors } = useAdminForm(
    pageTextInput,
    { ...saved, ...(draft ? formValuesOf({ ...saved, ...draft.values } as StoredPageText) : {}) },
    (values) => ({ ...text, ...values }),
  );
  const [discarding, setDiscarding] = useState(false);
  const [sharing, setSharing] = useState(false);
  // Unsaved: changed since the last save, draft or not.
  const dirty = form.isDirty();
  // The published text the form started from: Save sends the fields changed from it, checked against it (042, 043).
  const conflicts = useEditConflicts({ ...text, ...saved });
  /**
   * What was stored becomes the form's unchanged state (and, when it was published, what Save is checked against),
   * then the page's queries are read again.
   */
  const stored = async (values: PageTextValues, published?: PageTextValues) => {
    if (published) conflicts.saved({ ...text, ...published });
    form.setInitialValues(values);
    form.setValues(values);
    form.resetDirty(values);
    await queryClient.invalidateQueries({ queryKey: trpc.page.pathKey() });
  };
  const failed = (error: unknown) => {
    conflicts.noticed(error);
    if (!showServerErrors(error)) notifyError(errorMessage(error));
  };
  const pagePath = SITE_PAGES.find((page) => page.name === pageName)?.path;
  // A country's own text is seen at its address; the shared text at the root (the visitor's country).
  const publicPath = pagePath && countryPath(country?.code ?? null, pagePath);
  const where = country ? `${country.name}’s site` : 'every country site without its own text';

  useEffect(() => onUnsavedChange(dirty), [dirty, onUnsavedChange]);
  useLeaveWarning(dirty);

  // What the server published (trimmed, one kind of line ending; or a restored version) is the new unchanged state.
  const showStored = (published: StoredPageText) => {
    const values = formValuesOf(published);
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
        await stored(formValuesOf({ ...answer, ...answer.draft?.values }));
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
      <PageFaqFields form={form} where={where} />
      <Fieldset legend="Search engines">
        <Stack gap="sm">
          <TextInput
            label="Search title"
            description={`The page's title in search results, followed by the site's name. Empty: the heading. Up to ${PAGE_SEARCH_TITLE_MAX} characters.`}
            maxLength={PAGE_SEARCH_TITLE_MAX}
            {...form.getInputProps('search_title')}
          />
          <Textarea
            label="Search description"
            description={`The text under the title in search results and link previews. Empty: the summary. Up to ${PAGE_SEARCH_DESCRIPTION_MAX} characters.`}
            autosize
            minRows={2}
            maxLength={PAGE_SEARCH_DESCRIPTION_MAX}
            {...form.getInputProps('search_description')}
          />
          <Checkbox
            label="Keep this page out of search engines"
            description="It stays on the site, but is left out of the sitemap and asks search engines not to list it (noindex)."
            {...form.getInputProps('noindex', { type: 'checkbox' })}
          />
        </Stack>
      </Fieldset>
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
      // The changed fields with what they started from, always naming which text (a country's id never changes).
      onSubmit={form.onSubmit((values) => save.mutate({ ...conflicts.input({ ...text, ...values }, false), ...text }))}
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
              countryId={country?.id}
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
            {actions}
          </Group>
          <Group gap="sm" ml="auto">
            <Button
              variant="default"
              disabled={!canSubmit || busy}
              loading={saveDraft.isPending}
              onClick={() => form.onSubmit((values) => saveDraft.mutate({ ...text, ...values }))()}
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
          makeLink={() => client.page.contentPreviewLink.mutate(text)}
          onClose={() => setSharing(false)}
        >
          Anyone with this link sees the {pageName} page{' '}
          {draft ? "with this text's draft" : 'with its published text (there is no draft)'}{' '}
          {country ? `on ${country.name}’s site` : 'on any country site'}, without signing in.
          {dirty ? ' Changes not saved as a draft are not in it.' : ''}
        </PreviewLinkDialog>
      ) : null}
      {discarding ? (
        <DiscardDraftDialog
          discard={() => client.page.discardContentDraft.mutate(text)}
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
