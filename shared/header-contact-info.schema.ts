import { z } from 'zod';

export const headerContactInfoInput = z.object({
  country_id: z.number().int().positive(),
  email: z.email('Enter a valid e-mail address').max(320),
  phone_number: z.string().trim().min(1, 'Phone number is required').max(50),
  address: z.string().trim().min(1, 'Address is required').max(300),
});
export type HeaderContactInfoInput = z.infer<typeof headerContactInfoInput>;
