import { z } from 'zod';
import { countryId, id, requiredText } from './fields.js';
import { LEAD_REPLY_MAX, LEAD_REPLY_SUBJECT_MAX } from './leads.js';

/**
 * A country's reply template (decision 046): a saved answer staff start a reply from. Its words may hold
 * placeholders that the reply fills in from the lead (REPLY_PLACEHOLDERS).
 */
export const addReplyTemplateInput = z.object({
  country_id: countryId,
  name: requiredText('Name', 100),
  subject: requiredText('Subject', LEAD_REPLY_SUBJECT_MAX),
  body: requiredText('Message', LEAD_REPLY_MAX),
});
export type AddReplyTemplateInput = z.output<typeof addReplyTemplateInput>;

/** `id` plus the changed fields (the country stays). */
export const updateReplyTemplateInput = z.object({
  id,
  name: addReplyTemplateInput.shape.name.optional(),
  subject: addReplyTemplateInput.shape.subject.optional(),
  body: addReplyTemplateInput.shape.body.optional(),
});
export type UpdateReplyTemplateInput = z.output<typeof updateReplyTemplateInput>;

export const replyTemplatesOfCountryInput = z.object({ country_id: countryId });
export const deleteReplyTemplateInput = z.object({ id });

/** What a template may say that the reply fills in from its lead. */
export const REPLY_PLACEHOLDERS = {
  '{first_name}': "the visitor's first name",
  '{branch}': 'the branch they wrote to',
  '{country}': 'the country site they wrote on',
} as const;

/** A template's words with the lead's own filled in (a placeholder the lead has no value for goes). */
export function fillPlaceholders(
  text: string,
  lead: { first_name: string | null; branch: { name: string } | null; country: { name: string } },
): string {
  const values: Record<keyof typeof REPLY_PLACEHOLDERS, string> = {
    '{first_name}': lead.first_name ?? '',
    '{branch}': lead.branch?.name ?? '',
    '{country}': lead.country.name,
  };
  // An empty value takes the space before it along: "Dear {first_name}," becomes "Dear,", not "Dear ,".
  return text.replace(/( ?)(\{(?:first_name|branch|country)\})/g, (_match, space: string, placeholder: string) => {
    const value = values[placeholder as keyof typeof values];
    return value ? `${space}${value}` : '';
  });
}
