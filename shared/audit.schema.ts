import { z } from 'zod';
import { calendarDate, countryId, id } from './fields.js';
import { cursorArgs } from './pagination.schema.js';

/** The Activity screen's filters (issue 20): each optional; an EDITOR sees only their countries' entries. */
export const activityListInput = cursorArgs.extend({
  country_id: countryId.nullish(),
  staff_id: id.nullish(),
  kind: z.string().trim().min(1).max(60).nullish(),
  /** From the start of this day (UTC)... */
  from: calendarDate('Enter a date', 'Enter a valid date (YYYY-MM-DD)').nullish(),
  /** ...to the end of this one. */
  to: calendarDate('Enter a date', 'Enter a valid date (YYYY-MM-DD)').nullish(),
});
export type ActivityListInput = z.infer<typeof activityListInput>;

/** What has been recorded of one item (its revisions, for posts and page texts). */
export const revisionsInput = z.object({ id, first: z.number().int().min(1).max(100).default(50) });

/** Brings an item back to how a recorded change left it. */
export const restoreRevisionInput = z.object({ id, revision_id: id });
