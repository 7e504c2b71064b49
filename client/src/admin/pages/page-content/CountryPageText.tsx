import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconPencilPlus, IconWorld } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../notify.js';
import { PageFaqs } from '../../../public/content/PageFaqs.js';
import { PageIntro } from '../../../public/content/PageIntro.js';
import { PageText } from '../../../public/content/PageText.js';
import { useTrpc } from '../../../trpc.js';
import { ConfirmModal } from '../../ui/ConfirmModal.js';
import { errorMessage } from '../../ui/errors.js';
import { QueryState } from '../../ui/QueryState.js';
import { PageTextForm, type PageTextCountry } from './PageTextEditor.js';

/**
 * One country's text of a page (decision 067): while it has none of its own, the shared text it shows and a way to
 * write its own (starting from the shared one); once it has, the page text form with a way back to the shared text.
 */
export function CountryPageText({
  pageId,
  country,
  onUnsavedChange,
}: {
  pageId: number;
  country: PageTextCountry;
  onUnsavedChange: (unsaved: boolean) => void;
}) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const content = useQuery(trpc.page.content.queryOptions({ page_id: pageId, country_id: country.id }));
  const [asking, setAsking] = useState<'write' | 'back' | null>(null);
  const changed = async (message: string) => {
    setAsking(null);
    notifySuccess(message);
    await queryClient.invalidateQueries({ queryKey: trpc.page.pathKey() });
  };
  const write = useMutation(
    trpc.page.updateContent.mutationOptions({
      onSuccess: () => changed(`${country.name} now has its own text of this page`),
      onError: (error) => notifyError(errorMessage(error)),
    }),
  );
  const back = useMutation(
    trpc.page.removeCountryText.mutationOptions({
      onSuccess: () => changed(`${country.name} shows the shared text again`),
      onError: (error) => notifyError(errorMessage(error)),
    }),
  );
  if (!content.isSuccess) return <QueryState query={content} what="the page's text" />;
  const text = content.data;
  const own = text.country_id === country.id;

  return (
    <>
      {own ? (
        <PageTextForm
          pageId={pageId}
          country={country}
          onUnsavedChange={onUnsavedChange}
          actions={
            <Button
              variant="default"
              leftSection={<IconArrowBackUp size={16} aria-hidden />}
              onClick={() => setAsking('back')}
            >
              Back to shared text
            </Button>
          }
        />
      ) : (
        <Stack gap="md">
          <Alert
            color="gray"
            icon={<IconWorld size={18} aria-hidden />}
            title={`${country.name} shows the shared text`}
          >
            <Text size="sm">
              {country.name}&rsquo;s site shows the text every site shares, and follows its changes. Write{' '}
              {country.name}&rsquo;s own to speak to its students: its own heading, text, questions and search title.
            </Text>
            <Group justify="flex-end" mt="xs">
              <Button leftSection={<IconPencilPlus size={16} aria-hidden />} onClick={() => setAsking('write')}>
                Write {country.name}&rsquo;s own text
              </Button>
            </Group>
          </Alert>
          {/* The public site's own components: what the country's visitors read today. */}
          <Paper withBorder p="md" component="section" aria-label="The shared text">
            <PageIntro content={text} order={2} />
            <PageText body={text.body} headingOrder={3} />
            <PageFaqs faqs={text.faqs} />
          </Paper>
        </Stack>
      )}
      <ConfirmModal
        opened={asking === 'write'}
        onClose={() => setAsking(null)}
        title={`Write ${country.name}’s own text?`}
        confirmLabel="Write its own text"
        color="brand"
        confirming={write.isPending}
        onConfirm={() => write.mutate({ page_id: pageId, country_id: country.id })}
      >
        <Text>
          {country.name}&rsquo;s page starts as a copy of the shared text. From then on, changes to the shared text no
          longer reach {country.name}&rsquo;s page.
        </Text>
      </ConfirmModal>
      <ConfirmModal
        opened={asking === 'back'}
        onClose={() => setAsking(null)}
        title={`Back to the shared text on ${country.name}’s site?`}
        confirmLabel="Use the shared text"
        confirming={back.isPending}
        onConfirm={() => back.mutate({ page_id: pageId, country_id: country.id })}
      >
        <Text>
          {country.name}&rsquo;s own text of this page, its draft and its search settings go; its site shows the text
          every site shares. Its history stays in Activity.
        </Text>
      </ConfirmModal>
    </>
  );
}
