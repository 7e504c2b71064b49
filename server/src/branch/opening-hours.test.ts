import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpeningHours } from '../../../shared/opening-hours.js';
import { buildContentTestApp, errorCode, expectFieldErrors, gql, trpcCall } from '../../test/graphql.js';

const HOURS =
  'opening_hours { monday { opens closes } tuesday { opens closes } saturday { opens closes } sunday { opens closes } }';
const ADD = `mutation($input: AddBranchInput!) { addBranch(input: $input) { id ${HOURS} } }`;
const UPDATE = `mutation($input: UpdateBranchInput!) { updateBranch(input: $input) { id name ${HOURS} } }`;

const weekdays = { opens: '09:00', closes: '17:30' };

/** A branch's opening hours (decision 051) through both APIs: stored by day, changed, kept, cleared, checked. */
describe('branch opening hours', () => {
  let app: FastifyInstance;
  let admin: string;
  let nepalEditor: string;
  let pokhara: number;

  beforeAll(async () => {
    ({ app, admin, nepalEditor } = await buildContentTestApp());
  });
  afterAll(() => app.close());

  it('addBranch takes a week: days given open at their hours, the rest closed', async () => {
    const response = await gql<{ addBranch: { id: number; opening_hours: Partial<OpeningHours> } }>(
      app,
      ADD,
      {
        input: {
          country_id: 2,
          name: 'Pokhara',
          email: 'pokhara@example.com',
          phone_number: '+977 61 500000',
          address: 'Lakeside, Pokhara',
          opening_hours: { monday: weekdays, tuesday: weekdays, saturday: null },
        },
      },
      nepalEditor,
    );
    expect(response.errors).toEqual([]);
    pokhara = response.data!.addBranch.id;
    expect(response.data?.addBranch.opening_hours).toEqual({
      monday: weekdays,
      tuesday: weekdays,
      saturday: null,
      sunday: null,
    });
    // A branch added without hours has none (not a closed week).
    const without = await gql<{ addBranch: { opening_hours: null } }>(
      app,
      ADD,
      {
        input: { country_id: 2, name: 'Dharan', email: 'd@example.com', phone_number: '+977 25 500000', address: 'x' },
      },
      admin,
    );
    expect(without.data?.addBranch.opening_hours).toBeNull();
  });

  it('updateBranch keeps the hours when they are left out, replaces them when given, clears them with null', async () => {
    const renamed = await gql<{ updateBranch: { opening_hours: Partial<OpeningHours> } }>(
      app,
      UPDATE,
      { input: { id: pokhara, name: 'Pokhara Lakeside' } },
      admin,
    );
    expect(renamed.data?.updateBranch.opening_hours.monday).toEqual(weekdays);
    // Through the staff screens' API: Sunday opened, Tuesday closed by leaving it out.
    const changed = await trpcCall<{ opening_hours: OpeningHours }>(
      app,
      'branch.update',
      { id: pokhara, opening_hours: { monday: weekdays, sunday: { opens: '10:00', closes: '13:00' } } },
      { token: admin, mutation: true },
    );
    expect(changed.error).toBeUndefined();
    expect(changed.data?.opening_hours).toEqual({
      monday: weekdays,
      tuesday: null,
      wednesday: null,
      thursday: null,
      friday: null,
      saturday: null,
      sunday: { opens: '10:00', closes: '13:00' },
    });
    // What a visitor's Contact Us reads.
    const site = await trpcCall<{ name: string; opening_hours: OpeningHours | null }[]>(app, 'site.branches', {
      countryId: 2,
    });
    expect(site.data?.find((branch) => branch.name === 'Pokhara Lakeside')?.opening_hours?.sunday).toEqual({
      opens: '10:00',
      closes: '13:00',
    });
    const cleared = await gql<{ updateBranch: { opening_hours: null } }>(
      app,
      UPDATE,
      { input: { id: pokhara, opening_hours: null } },
      admin,
    );
    expect(cleared.data?.updateBranch.opening_hours).toBeNull();
  });

  it('refuses hours that cannot be, by the field, and changes nothing', async () => {
    await gql(app, UPDATE, { input: { id: pokhara, opening_hours: { friday: weekdays } } }, admin);
    const backwards = await gql(
      app,
      UPDATE,
      { input: { id: pokhara, opening_hours: { monday: { opens: '17:00', closes: '09:00' }, tuesday: weekdays } } },
      admin,
    );
    expectFieldErrors(backwards, { 'opening_hours.monday.closes': 'Closing time must be after opening time' });
    const badTime = await trpcCall(
      app,
      'branch.update',
      { id: pokhara, opening_hours: { tuesday: { opens: '9 am', closes: '17:00' } } },
      { token: admin, mutation: true },
    );
    expect(badTime.error?.fields).toEqual({ 'opening_hours.tuesday.opens': 'Enter the time as HH:MM (24-hour)' });
    // GraphQL's own input type knows only the days of the week.
    const unknownDay = await gql(app, UPDATE, { input: { id: pokhara, opening_hours: { funday: weekdays } } }, admin);
    expect(errorCode(unknownDay)).toBe('BAD_USER_INPUT');
    const kept = await app.db
      .selectFrom('branches')
      .select('opening_hours')
      .where('id', '=', pokhara)
      .executeTakeFirstOrThrow();
    expect(kept.opening_hours).toEqual(expect.objectContaining({ friday: weekdays, monday: null }));
  });
});
