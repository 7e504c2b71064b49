import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingInput, buildFormsTestApp, GENERAL, sendEnquiryLead } from '../../test/forms.js';
import { gql, staffMember, trpcCall } from '../../test/graphql.js';

interface Response {
  received: number;
  answered: number;
  median_hours: number | null;
}
interface Dashboard {
  countries: { name: string; firstResponse: Response }[];
  firstResponse: Response & { days: number };
}

describe("the dashboard's first response: how long leads wait for an answer", () => {
  let app: FastifyInstance;
  let admin: Awaited<ReturnType<typeof staffMember>>;
  let nepal: Awaited<ReturnType<typeof staffMember>>;

  beforeAll(async () => {
    app = await buildFormsTestApp();
    admin = await staffMember(app, { role: 'ADMIN' });
    nepal = await staffMember(app, { role: 'EDITOR', countryIds: [2] });
  });
  afterAll(() => app?.close());

  /** A Nepal lead that arrived `hours` ago. */
  async function leadFrom(hours: number, first_name: string): Promise<number> {
    const id = await sendEnquiryLead(app, { first_name });
    const at = new Date(Date.now() - hours * 3_600_000);
    await app.db.updateTable('leads').set({ created_at: at }).where('id', '=', id).execute();
    return id;
  }
  const reply = (id: number) =>
    trpcCall(
      app,
      'leads.reply',
      { enquiry_id: id, key: randomUUID(), subject: 'Your enquiry', text: 'Hello' },
      { token: nepal.token, mutation: true },
    );
  const update = (id: number, input: Record<string, unknown>) =>
    trpcCall(app, 'leads.update', { id, ...input }, { token: nepal.token, mutation: true });
  const dashboard = async (token: string) => (await trpcCall<Dashboard>(app, 'leads.dashboard', null, { token })).data!;

  it('takes the median from arrival to the first reply or status change, over the last 30 days, spam aside', async () => {
    // Before any lead: nothing to measure.
    expect((await dashboard(admin.token)).firstResponse).toEqual({
      received: 0,
      answered: 0,
      median_hours: null,
      days: 30,
    });

    expect((await reply(await leadFrom(3, 'Replied'))).error).toBeUndefined();
    expect((await update(await leadFrom(1, 'Called'), { status: 'CONTACTED' })).error).toBeUndefined();
    // A note or an assignment is not an answer.
    const noted = await leadFrom(5, 'Noted');
    await trpcCall(
      app,
      'leads.addNote',
      { enquiry_id: noted, text: 'Will call' },
      { token: nepal.token, mutation: true },
    );
    await update(noted, { assignee_id: nepal.id });
    // Older than 30 days, or spam: not counted.
    await reply(await leadFrom(24 * 40, 'Old'));
    await update(await leadFrom(2, 'Spam'), { status: 'SPAM' });
    // A later answer does not move the first one.
    const twice = await leadFrom(6, 'Twice');
    await update(twice, { status: 'CONTACTED' });
    await reply(twice);
    await app.db.updateTable('lead_events').set({ created_at: new Date() }).where('lead_id', '=', twice).execute();
    await app.db
      .updateTable('lead_events')
      .set({ created_at: new Date(Date.now() - 2 * 3_600_000) })
      .where('lead_id', '=', twice)
      .where('kind', '=', 'STATUS')
      .execute();
    // A Canada appointment request, unanswered.
    expect((await gql(app, GENERAL, { input: await bookingInput(app) })).errors).toEqual([]);

    const all = await dashboard(admin.token);
    // Answered after 3 h, 1 h and 4 h (Twice: 6 h old, its status changed 2 h ago): the median is 3 h.
    expect(all.countries.find((country) => country.name === 'Nepal')!.firstResponse).toEqual({
      received: 4,
      answered: 3,
      median_hours: expect.closeTo(3, 1) as number,
    });
    expect(all.countries.find((country) => country.name === 'Canada')!.firstResponse).toEqual({
      received: 1,
      answered: 0,
      median_hours: null,
    });
    expect(all.firstResponse).toMatchObject({ received: 5, answered: 3, days: 30 });
    expect(all.firstResponse.median_hours).toBeCloseTo(3, 1);

    // An editor measures their own countries only.
    const mine = await dashboard(nepal.token);
    expect(mine.countries.map((country) => country.name)).toEqual(['Nepal']);
    expect(mine.firstResponse).toMatchObject({ received: 4, answered: 3 });
  });
});
