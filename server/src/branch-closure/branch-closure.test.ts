import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Days from today in UTC: the test countries have no time zone.
import { utcDayFromToday as dayFromToday } from '../../../shared/calendar-days.js';
import type { SiteBranch } from '../../../shared/site-content.js';
import { buildContentTestApp, errorCode, expectFieldErrors, gql, trpcCall } from '../../test/graphql.js';
import { pageCacheSettled } from '../../test/page-cache.js';

const NEPAL = 2;
const CANADA = 3;
const FIELDS = 'id country_id branch_id name first_day last_day';
const ADD = `mutation($input: AddBranchClosureInput!) { addBranchClosure(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation($input: UpdateBranchClosureInput!) { updateBranchClosure(input: $input) { ${FIELDS} } }`;
const LIST = `query($country_id: Int!) { getBranchClosures(country_id: $country_id) { ${FIELDS} } }`;

type Closure = {
  id: number;
  country_id: number;
  branch_id: number | null;
  name: string;
  first_day: string;
  last_day: string;
};

/** Closures (decision 052) through both APIs, on the public site's branches, and moving with their branch. */
describe('branch closures', () => {
  let app: FastifyInstance;
  let admin: string;
  let nepalEditor: string;
  let pokhara: number;
  let dharan: number;
  let festival: Closure;

  const addBranch = async (name: string) => {
    const added = await trpcCall<{ id: number }>(
      app,
      'branch.add',
      {
        country_id: NEPAL,
        name,
        email: `${name.toLowerCase()}@example.com`,
        phone_number: '+977 61 500000',
        address: name,
      },
      { token: admin, mutation: true },
    );
    return added.data!.id;
  };

  beforeAll(async () => {
    ({ app, admin, nepalEditor } = await buildContentTestApp());
    pokhara = await addBranch('Pokhara');
    dharan = await addBranch('Dharan');
  });
  afterAll(() => app.close());

  it("lets a country's editor close every branch or one, a day or several, and refuses days that cannot be", async () => {
    const everyBranch = await gql<{ addBranchClosure: Closure }>(
      app,
      ADD,
      { input: { country_id: NEPAL, name: 'Dashain', first_day: dayFromToday(10), last_day: dayFromToday(14) } },
      nepalEditor,
    );
    expect(everyBranch.errors).toEqual([]);
    festival = everyBranch.data!.addBranchClosure;
    expect(festival).toMatchObject({ country_id: NEPAL, branch_id: null, name: 'Dashain', last_day: dayFromToday(14) });
    // One day, one branch, through the staff screens' API: no last day is the first day.
    const oneDay = await trpcCall<Closure>(
      app,
      'branchClosure.add',
      { country_id: NEPAL, branch_id: pokhara, name: 'Staff training', first_day: dayFromToday(3), last_day: '' },
      { token: nepalEditor, mutation: true },
    );
    expect(oneDay.data).toMatchObject({ branch_id: pokhara, first_day: dayFromToday(3), last_day: dayFromToday(3) });

    const refused = async (input: object, fields: Record<string, string>) =>
      expectFieldErrors(await gql(app, ADD, { input: { country_id: NEPAL, ...input } }, admin), fields);
    await refused(
      { name: ' ', first_day: '2026-02-30', last_day: null },
      { name: 'Name is required', first_day: 'Enter a valid date (YYYY-MM-DD)' },
    );
    await refused(
      { name: 'Back to front', first_day: dayFromToday(5), last_day: dayFromToday(4) },
      { last_day: 'Last day must be on or after the first day' },
    );
    await refused(
      { name: 'Too long', first_day: dayFromToday(1), last_day: dayFromToday(200) },
      { last_day: 'A closure lasts at most 92 days' },
    );
    // A branch of another country, and another country's editor, are refused.
    const canadian = await gql(
      app,
      ADD,
      { input: { country_id: CANADA, branch_id: pokhara, name: 'x', first_day: dayFromToday(1) } },
      admin,
    );
    expectFieldErrors(canadian, { branch_id: 'Choose a branch of this country' });
    const notTheirs = await gql(
      app,
      ADD,
      { input: { country_id: CANADA, name: 'x', first_day: dayFromToday(1) } },
      nepalEditor,
    );
    expect(errorCode(notTheirs)).toBe('FORBIDDEN');
  });

  it('lists those not over yet first, soonest first, then those over; a change of one day is checked against the other', async () => {
    await gql(app, ADD, { input: { country_id: NEPAL, name: 'Last year', first_day: dayFromToday(-300) } }, admin);
    const list = await gql<{ getBranchClosures: Closure[] }>(app, LIST, { country_id: NEPAL });
    expect(list.data?.getBranchClosures.map((closure) => closure.name)).toEqual([
      'Staff training',
      'Dashain',
      'Last year',
    ]);
    // The staff list says which are over, by the country's clock, as it orders them.
    const staffList = await trpcCall<(Closure & { is_over: boolean })[]>(
      app,
      'branchClosure.get',
      { country_id: NEPAL },
      { token: admin },
    );
    expect(staffList.data?.map((closure) => [closure.name, closure.is_over])).toEqual([
      ['Staff training', false],
      ['Dashain', false],
      ['Last year', true],
    ]);

    const moved = await gql(app, UPDATE, { input: { id: festival.id, first_day: dayFromToday(20) } }, nepalEditor);
    expectFieldErrors(moved, { last_day: 'Last day must be on or after the first day' });
    const oneDay = await gql<{ updateBranchClosure: Closure }>(
      app,
      UPDATE,
      { input: { id: festival.id, first_day: dayFromToday(20), last_day: null, branch_id: dharan } },
      nepalEditor,
    );
    expect(oneDay.data?.updateBranchClosure).toMatchObject({
      branch_id: dharan,
      first_day: dayFromToday(20),
      last_day: dayFromToday(20),
    });
    const everyBranchAgain = await gql<{ updateBranchClosure: Closure }>(
      app,
      UPDATE,
      { input: { id: festival.id, branch_id: null, last_day: dayFromToday(24) } },
      admin,
    );
    expect(everyBranchAgain.data?.updateBranchClosure).toMatchObject({
      branch_id: null,
      name: 'Dashain',
      last_day: dayFromToday(24),
    });
  });

  it("tells each branch of the site its closures not over yet, its own and the country's", async () => {
    await pageCacheSettled(app);
    const branches = await trpcCall<SiteBranch[]>(app, 'site.branches', { countryId: NEPAL }, {});
    const closuresOf = (id: number) => branches.data!.find((branch) => branch.id === id)!.closures;
    expect(closuresOf(pokhara)).toEqual([
      { name: 'Staff training', first_day: dayFromToday(3), last_day: dayFromToday(3) },
      { name: 'Dashain', first_day: dayFromToday(20), last_day: dayFromToday(24) },
    ]);
    expect(closuresOf(dharan).map((closure) => closure.name)).toEqual(['Dashain']);
  });

  it("moves a branch's own closures with it to another country, and deletes one", async () => {
    const moved = await trpcCall(
      app,
      'branch.update',
      { id: pokhara, country_id: CANADA },
      { token: admin, mutation: true },
    );
    expect(moved.error).toBeUndefined();
    const canada = await gql<{ getBranchClosures: Closure[] }>(app, LIST, { country_id: CANADA }, admin);
    expect(canada.data?.getBranchClosures.map((closure) => closure.name)).toEqual(['Staff training']);

    const deleted = await gql<{ deleteBranchClosure: { success: boolean; errorCode: string } }>(
      app,
      'mutation($id: Int!) { deleteBranchClosure(id: $id) { success errorCode } }',
      { id: festival.id },
      nepalEditor,
    );
    expect(deleted.data?.deleteBranchClosure).toEqual({ success: true, errorCode: 'DELETED_BRANCH_CLOSURE' });
    const nepal = await gql<{ getBranchClosures: Closure[] }>(app, LIST, { country_id: NEPAL });
    expect(nepal.data?.getBranchClosures.map((closure) => closure.name)).toEqual(['Last year']);
    // Each change is in the activity log (decision 040), the delete too.
    const logged = await app.db
      .selectFrom('audit_log')
      .select('action')
      .where('kind', '=', 'branch closure')
      .where('item_id', '=', festival.id)
      .orderBy('id')
      .execute();
    expect(logged.map((entry) => entry.action)).toEqual(['added', 'changed', 'changed', 'deleted']);
  });
});
