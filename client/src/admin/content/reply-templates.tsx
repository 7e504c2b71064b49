import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  addReplyTemplateInput,
  REPLY_PLACEHOLDERS,
  updateReplyTemplateInput,
} from '../../../../shared/reply-template.schema.js';
import { useTrpc, useTrpcClient, type ApiOutputs } from '../../trpc.js';
import { longText, shownCountry, text } from '../ui/fields.js';
import type { CountryContentKind } from './country-content.js';

type ReplyTemplate = ApiOutputs['replyTemplate']['get'][number];

const PLACEHOLDER_WORDS = Object.entries(REPLY_PLACEHOLDERS)
  .map(([placeholder, meaning]) => `${placeholder} ${meaning}`)
  .join(', ');

/**
 * A country's saved answers (decision 046): staff start a reply to a lead of the country from one, its placeholders
 * filled in from the lead. Visitors never see them.
 */
export const REPLY_TEMPLATES: CountryContentKind<ReplyTemplate> = {
  addLabel: 'Add Reply Template',
  listLabel: (country) => (country ? `Reply templates of ${country.name}` : 'Reply templates'),
  modalTitle: (template) => (template ? 'Edit Reply Template' : 'Add Reply Template'),
  nameOf: (template) => template.name,
  deleteSentence: (template) => `Delete the reply template "${template.name}". Replies sent from it are kept.`,
  columns: [
    { id: 'name', header: 'Name', cell: ({ row }) => row.original.name },
    { id: 'subject', header: 'Subject', cell: ({ row }) => row.original.subject },
    {
      id: 'body',
      header: 'Message',
      cell: ({ row }) => (
        <Text size="sm" lineClamp={2} maw={420}>
          {row.original.body}
        </Text>
      ),
    },
  ],
  domain: 'replyTemplate',
  useApi: (countryId) => {
    const trpc = useTrpc();
    const { replyTemplate } = useTrpcClient();
    return {
      list: useQuery({
        ...trpc.replyTemplate.get.queryOptions({ country_id: countryId ?? 0 }),
        enabled: countryId !== null,
      }),
      add: replyTemplate.add.mutate,
      update: replyTemplate.update.mutate,
      remove: (id) => replyTemplate.delete.mutate({ id }),
    };
  },
  schemas: { add: addReplyTemplateInput, update: updateReplyTemplateInput },
  fields: [
    shownCountry,
    text('name', 'Name', { required: true, description: 'What staff choose it by, e.g. "IELTS class times".' }),
    text('subject', 'Subject', { required: true }),
    longText('body', 'Message', {
      minRows: 6,
      maxRows: 16,
      description: `Filled in from the enquiry: ${PLACEHOLDER_WORDS}. The writer's name is added below it.`,
    }),
  ],
};
