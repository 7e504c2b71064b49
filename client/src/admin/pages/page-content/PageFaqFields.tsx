import { Button, Fieldset, Group, Paper, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { IconActions } from '../../ui/IconActions.js';
import { PAGE_FAQS_MAX, type PageFaqInput } from '../../../../../shared/page.schema.js';

/** The values of the page text form (PageContentScreen): the page's text and its FAQ. */
export interface PageTextValues extends Record<string, unknown> {
  heading: string;
  summary: string;
  body: string;
  faqs: PageFaqInput[];
  /** What search engines are told: empty says the heading, the summary. */
  search_title: string;
  search_description: string;
  noindex: boolean;
}

/**
 * A page's FAQ in the page text form: each question with its answer, moved up or down or removed with labelled
 * buttons (keyboard and screen reader friendly, no dragging needed), saved with the page's text.
 */
export function PageFaqFields({ form, where }: { form: UseFormReturnType<PageTextValues>; where: string }) {
  const faqs = form.values.faqs;
  const listError = form.errors.faqs;
  return (
    <Fieldset legend="Frequently asked questions">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Shown below the page&rsquo;s text as questions that open to their answers, on {where} with this page. Up to{' '}
          {PAGE_FAQS_MAX}.
        </Text>
        {faqs.length === 0 ? <Text size="sm">This page has no questions yet.</Text> : null}
        {faqs.map((_, index) => {
          const number = index + 1;
          return (
            <Paper key={index} withBorder p="sm">
              <Group gap="xs" align="flex-end" wrap="nowrap">
                <TextInput
                  label={`Question ${number}`}
                  required
                  style={{ flex: 1 }}
                  {...form.getInputProps(`faqs.${index}.question`)}
                />
                <IconActions
                  variant="default"
                  size="input-sm"
                  iconSize={16}
                  gap="xs"
                  actions={[
                    {
                      label: `Move question ${number} up`,
                      icon: IconArrowUp,
                      disabled: index === 0,
                      onClick: () => form.reorderListItem('faqs', { from: index, to: index - 1 }),
                    },
                    {
                      label: `Move question ${number} down`,
                      icon: IconArrowDown,
                      disabled: index === faqs.length - 1,
                      onClick: () => form.reorderListItem('faqs', { from: index, to: index + 1 }),
                    },
                    {
                      label: `Remove question ${number}`,
                      icon: IconTrash,
                      color: 'red',
                      onClick: () => form.removeListItem('faqs', index),
                    },
                  ]}
                />
              </Group>
              <Textarea
                label={`Answer ${number}`}
                required
                autosize
                minRows={2}
                maxRows={8}
                {...form.getInputProps(`faqs.${index}.answer`)}
                mt="xs"
              />
            </Paper>
          );
        })}
        {typeof listError === 'string' || typeof listError === 'number' ? (
          <Text size="sm" c="var(--mantine-color-error)" role="alert">
            {listError}
          </Text>
        ) : null}
        <Group>
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={faqs.length >= PAGE_FAQS_MAX}
            onClick={() => form.insertListItem('faqs', { question: '', answer: '' })}
          >
            Add a question
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
