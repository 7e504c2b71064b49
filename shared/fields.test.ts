import { describe, expect, it } from 'vitest';
import { addPageToOtherCountryInput } from './page.schema.js';
import { addPopupToOtherCountryArgs } from './popup.schema.js';
import { addTeamToOtherCountryArgs } from './team.schema.js';

/** The first message a schema gives for an input, as a form shows it. */
const messageOf = (
  schema: { safeParse: (input: unknown) => { error?: { issues: { message: string }[] } } },
  input: unknown,
) => schema.safeParse(input).error?.issues[0]?.message;

const ids = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

describe('ids chosen together', () => {
  it('takes one to 100 of them', () => {
    expect(messageOf(addPopupToOtherCountryArgs, { popup_ids: ids(1), country_id: 2 })).toBeUndefined();
    expect(messageOf(addPopupToOtherCountryArgs, { popup_ids: ids(100), country_id: 2 })).toBeUndefined();
  });

  it('says what is missing or too many in the words of its kind', () => {
    expect(messageOf(addPopupToOtherCountryArgs, { popup_ids: [], country_id: 2 })).toBe('Select at least one popup');
    expect(messageOf(addPopupToOtherCountryArgs, { country_id: 2 })).toBe('Select at least one popup');
    expect(messageOf(addPopupToOtherCountryArgs, { popup_ids: ids(101), country_id: 2 })).toBe(
      'Select at most 100 popups',
    );
    expect(messageOf(addTeamToOtherCountryArgs, { team_ids: [], country_id: 2 })).toBe(
      'Choose at least one team member',
    );
    expect(messageOf(addTeamToOtherCountryArgs, { team_ids: ids(101), country_id: 2 })).toBe('Too many team members');
    // A page's list says the spec's words, for the list and for each of its ids.
    expect(messageOf(addPageToOtherCountryInput, { page_ids: [], country_id: 2 })).toBe('*Page is required');
    expect(messageOf(addPageToOtherCountryInput, { page_ids: [0], country_id: 2 })).toBe('*Page is required');
    expect(messageOf(addPageToOtherCountryInput, { page_ids: ids(101), country_id: 2 })).toBe(
      'Add at most 100 pages at once',
    );
  });
});
