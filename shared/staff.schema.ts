import { z } from 'zod';
import { STAFF_ROLES } from './enums.js';
import { countryId, email, id, requiredText } from './fields.js';

/** Staff accounts (ADMIN only; see docs/decisions/009 and the README's "Staff sign-in"). */
export const staffRole = z.enum(STAFF_ROLES, { error: 'Choose ADMIN or EDITOR' });

export const STAFF_PASSWORD_MIN = 12;

/** The sign-in password of the site's own provider: optional (empty means none); never trimmed. */
const initialPassword = z
  .string()
  .max(200, 'The password must be at most 200 characters')
  .nullish()
  .transform((value) => (value ? value : null))
  .refine(
    (value) => value === null || value.length >= STAFF_PASSWORD_MIN,
    `The password must be at least ${STAFF_PASSWORD_MIN} characters`,
  );

const staffFields = z.object({
  name: requiredText('Name', 120),
  role: staffRole,
  // The countries an EDITOR may change; an ADMIN changes every country, so theirs are not kept.
  country_ids: z
    .array(countryId)
    .max(100, 'Choose at most 100 countries')
    .default([])
    .transform((ids) => [...new Set(ids)]),
});

type StaffFields = z.output<typeof staffFields>;

/** An EDITOR without countries could change nothing. Checked once role and countries are themselves valid. */
function editorsHaveCountries<T extends z.ZodType<StaffFields>>(schema: T) {
  return schema.refine((staff) => staff.role === 'ADMIN' || staff.country_ids.length > 0, {
    path: ['country_ids'],
    message: 'Choose at least one country for an editor',
    when: (payload) => payload.issues.every((issue) => !['role', 'country_ids'].includes(String(issue.path?.[0]))),
  });
}

export const addStaffInput = editorsHaveCountries(staffFields.extend({ email, password: initialPassword }));
export type AddStaffInput = z.infer<typeof addStaffInput>;

/** The e-mail is how an external provider's people are matched, so it is fixed once the account exists. */
export const updateStaffInput = editorsHaveCountries(staffFields.extend({ id }));
export type UpdateStaffInput = z.infer<typeof updateStaffInput>;

export const setStaffActiveInput = z.object({
  id,
  is_active: z.boolean({ error: 'Active must be true or false' }),
});
export type SetStaffActiveInput = z.infer<typeof setStaffActiveInput>;

/** Whose picture a call changes (everyone their own; administrators anyone's). */
export const staffPictureArgs = z.object({ staff_id: id });
export type StaffPictureArgs = z.infer<typeof staffPictureArgs>;
