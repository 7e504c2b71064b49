import { z } from 'zod';
import { countryId, email, id, phoneNumber, requiredText } from './fields.js';

/** A country site's contact strip (spec §2 "Public layout", §3 "Header contact infos"). */
export const addHeaderContactInfosInput = z.object({
  country_id: countryId,
  email: email,
  phone_number: phoneNumber,
  address: requiredText('Address', 300),
});
export type AddHeaderContactInfosInput = z.infer<typeof addHeaderContactInfosInput>;

export const updateHeaderContactInfosInput = addHeaderContactInfosInput
  .omit({ country_id: true })
  .partial()
  .extend({ id });
export type UpdateHeaderContactInfosInput = z.infer<typeof updateHeaderContactInfosInput>;
