import { z } from 'zod';
import { confirmDelete, countryId, id, idList, imageId, phoneNumber, requiredText } from './fields.js';
import { paginateInput } from './pagination.schema.js';

/** Team members (spec §3 "Team member"), shown on the About Us page of each country they are linked to. */

const countryIds = idList(countryId, {
  required: 'Choose at least one country',
  tooMany: 'Too many countries',
}).transform((ids) => [...new Set(ids)]);

const optionalEmail = z
  .string()
  .trim()
  .max(320, 'Email is too long')
  .nullish()
  .transform((value) => value || null)
  .pipe(z.email('Enter a valid email address').nullable());

/** WhatsApp is a phone number; empty means none. */
const optionalWhatsapp = z
  .string()
  .trim()
  .nullish()
  .transform((value) => value || null)
  .pipe(phoneNumber.nullable());

/** A registration the member holds (e.g. MARN in Australia), with its code. */
export const teamCertificationInput = z.object({
  country_certificate_id: z.number({ error: 'Certificate is required' }).int().positive('Certificate is required'),
  certificate_code: requiredText('Certificate code', 100),
});
export type TeamCertificationInput = z.infer<typeof teamCertificationInput>;

const certifications = z
  .array(teamCertificationInput, { error: 'Certifications must be a list' })
  .max(20, 'Too many certifications')
  .refine(
    (list) => new Set(list.map((c) => c.country_certificate_id)).size === list.length,
    'Each certificate can be given once',
  );

const teamFields = {
  name: requiredText('Name', 200),
  position: requiredText('Position', 200),
  description: requiredText('Description', 5000),
  email: optionalEmail,
  whatsapp: optionalWhatsapp,
  image_id: imageId,
  country_ids: countryIds,
  certifications,
};

export const addTeamInput = z.object({
  ...teamFields,
  certifications: certifications.nullish().transform((list) => list ?? []),
});
export type AddTeamInput = z.infer<typeof addTeamInput>;

/** `id` plus the fields to change; `certifications`, when given, replaces the member's whole set. */
export const updateTeamInput = z
  .object(teamFields)
  .partial()
  .extend({
    id,
    // null, like leaving them out, keeps the member's countries and certifications.
    country_ids: countryIds.nullish().transform((ids) => ids ?? undefined),
    certifications: certifications.nullish().transform((list) => list ?? undefined),
  });
export type UpdateTeamInput = z.infer<typeof updateTeamInput>;

export const getAllTeamsArgs = z.object({ paginate: paginateInput });
/** The staff list: every member, or only those linked to one country. */
export const teamListInput = getAllTeamsArgs.extend({ country_id: countryId.nullish() });

export const deleteTeamArgs = z.object({ team_id: id, confirm: confirmDelete });
export type DeleteTeamArgs = z.infer<typeof deleteTeamArgs>;

export const addTeamToOtherCountryArgs = z.object({
  team_ids: idList(id, { required: 'Choose at least one team member', tooMany: 'Too many team members' }),
  country_id: countryId,
});
export type AddTeamToOtherCountryArgs = z.infer<typeof addTeamToOtherCountryArgs>;

export const deleteTeamFromCountryArgs = z.object({ team_id: id, country_id: countryId });
export type DeleteTeamFromCountryArgs = z.infer<typeof deleteTeamFromCountryArgs>;

export const countryCertificatesArgs = z.object({
  country_ids: z.array(countryId, { error: 'Countries are required' }).max(100, 'Too many countries'),
});
