import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingInput, buildFormsTestApp, enquiryInput, GENERAL, sendEnquiryLead } from '../../test/forms.js';
import { gql, staffMember, trpcCall } from '../../test/graphql.js';

interface Sources {
  days: number;
  channels: { channel: string | null; leads: number; won: number }[];
  campaigns: { campaign: string; leads: number; won: number }[];
}

const FACEBOOK_AD = {
  utm_source: 'facebook',
  utm_medium: 'paid_social',
  utm_campaign: 'Nepal-Nursing-Jan',
  referrer: 'l.facebook.com',
  landing_page: '/study-abroad/australia',
  form_page: '/contact-us',
};

/** Decision 047: where a lead's visitor came from, kept with the lead and summed up on the dashboard. */
describe('leads: where they came from', () => {
  let app: FastifyInstance;
  let admin: Awaited<ReturnType<typeof staffMember>>;
  let canadaEditor: Awaited<ReturnType<typeof staffMember>>;

  const cameFrom = async (id: number) =>
    (await trpcCall<{ came_from: unknown }>(app, 'leads.get', { id }, { token: admin.token })).data!.came_from;
  const sources = async (token: string) =>
    (await trpcCall<{ sources: Sources }>(app, 'leads.dashboard', null, { token })).data!.sources;

  beforeAll(async () => {
    app = await buildFormsTestApp();
    admin = await staffMember(app, { role: 'ADMIN', name: 'Asha Admin' });
    canadaEditor = await staffMember(app, { role: 'EDITOR', countryIds: [3], name: 'Chloe Canada' });
  });
  afterAll(() => app?.close());
  beforeEach(async () => {
    await app.db.deleteFrom('leads').execute();
    await app.db.deleteFrom('contact_us_entries').execute();
    await app.db.deleteFrom('general_form_entries').execute();
  });

  it('keeps where the visitor came from with the lead, with the channel it sums up to, for both APIs', async () => {
    const fromAd = await sendEnquiryLead(app, { came_from: FACEBOOK_AD });
    expect(await cameFrom(fromAd)).toEqual({ ...FACEBOOK_AD, utm_campaign: 'nepal-nursing-jan', channel: 'PAID' });
    // A visit that began on the site itself, sent through tRPC as the site sends it.
    const sent = await trpcCall<{ id: number }>(
      app,
      'forms.contactUs',
      await enquiryInput(app, { came_from: { landing_page: '/', form_page: '/contact-us' } }),
      { mutation: true },
    );
    expect(sent.error).toBeUndefined();
    const direct = await app.db
      .selectFrom('leads')
      .select(['id', 'channel'])
      .where('entry_id', '=', sent.data!.id)
      .executeTakeFirstOrThrow();
    expect(direct.channel).toBe('DIRECT');
    // Sent without it (an older page, a script): the lead still says how it arrived, as direct.
    const unknown = await sendEnquiryLead(app);
    expect(await cameFrom(unknown)).toEqual({ channel: 'DIRECT' });

    const listed = await gql<{ getEnquiries: { data: { id: number; came_from: Record<string, string> | null }[] } }>(
      app,
      'query { getEnquiries { data { id came_from { channel utm_campaign referrer landing_page form_page } } } }',
      {},
      admin.token,
    );
    expect(listed.errors).toEqual([]);
    expect(listed.data!.getEnquiries.data.find((lead) => lead.id === fromAd)?.came_from).toEqual({
      channel: 'PAID',
      utm_campaign: 'nepal-nursing-jan',
      referrer: 'l.facebook.com',
      landing_page: '/study-abroad/australia',
      form_page: '/contact-us',
    });
  });

  it('never refuses a form for what it says about where the visitor came from', async () => {
    const lead = await sendEnquiryLead(app, {
      came_from: {
        utm_source: 'x'.repeat(500),
        referrer: 'https://mail.example.com/inbox?user=sita',
        landing_page: '/contact-us?email=sita@example.com',
        form_page: '/contact-us',
      },
    });
    expect(await cameFrom(lead)).toEqual({
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
      referrer: null,
      landing_page: null,
      form_page: '/contact-us',
      channel: 'DIRECT',
    });
    const odd = await trpcCall<{ id: number }>(app, 'forms.contactUs', await enquiryInput(app, { came_from: 'ads' }), {
      mutation: true,
    });
    expect(odd.error).toBeUndefined();
  });

  it('counts recent leads by channel and campaign on the dashboard, won ones too, spam aside, within the caller’s countries', async () => {
    const won = await sendEnquiryLead(app, { came_from: FACEBOOK_AD });
    await sendEnquiryLead(app, { came_from: FACEBOOK_AD });
    await sendEnquiryLead(app, { came_from: { referrer: 'www.google.com' } });
    const spam = await sendEnquiryLead(app, { came_from: { ...FACEBOOK_AD, utm_campaign: 'spammy' } });
    const booking = await gql(app, GENERAL, {
      input: await bookingInput(app, {
        came_from: { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'Canada-Open-Day' },
      }),
    });
    expect(booking.errors).toEqual([]);
    // One lead from before sources were recorded.
    const older = await sendEnquiryLead(app);
    await app.db.updateTable('leads').set({ channel: null }).where('id', '=', older).execute();
    for (const [id, status] of [
      [won, 'WON'],
      [spam, 'SPAM'],
    ] as const) {
      expect(
        (await trpcCall(app, 'leads.update', { id, status }, { token: admin.token, mutation: true })).error,
      ).toBeUndefined();
    }

    const all = await sources(admin.token);
    expect(all.days).toBe(90);
    expect(all.channels).toEqual([
      { channel: 'PAID', leads: 2, won: 1 },
      // Equal counts in the channels' order; leads from before sources were recorded last.
      { channel: 'SEARCH', leads: 1, won: 0 },
      { channel: 'EMAIL', leads: 1, won: 0 },
      { channel: null, leads: 1, won: 0 },
    ]);
    expect(all.campaigns).toEqual([
      { campaign: 'nepal-nursing-jan', leads: 2, won: 1 },
      { campaign: 'canada-open-day', leads: 1, won: 0 },
    ]);
    // The inbox lists a channel's leads (the dashboard links there).
    const paid = await gql<{ getEnquiries: { data: { id: number }[] } }>(
      app,
      'query { getEnquiries(filter: { channel: PAID }) { data { id } } }',
      {},
      admin.token,
    );
    expect(paid.data!.getEnquiries.data.map((lead) => lead.id)).toHaveLength(3);
    expect(paid.data!.getEnquiries.data.map((lead) => lead.id)).toContain(won);
    const search = await trpcCall<{ data: unknown[] }>(
      app,
      'leads.list',
      { filter: { channel: 'SEARCH' }, paginate: { page: 1, perPage: 10 } },
      { token: admin.token },
    );
    expect(search.data!.data).toHaveLength(1);
    // And a campaign's, however its name is written.
    const campaign = await gql<{ getEnquiries: { data: { id: number }[] } }>(
      app,
      'query { getEnquiries(filter: { campaign: " Nepal-Nursing-JAN " }) { data { id } } }',
      {},
      admin.token,
    );
    expect(campaign.data!.getEnquiries.data).toHaveLength(2);
    expect(campaign.data!.getEnquiries.data.map((lead) => lead.id)).toContain(won);
    // An editor of Canada sees Canada's only (the booking came from the Canada site).
    expect(await sources(canadaEditor.token)).toMatchObject({
      channels: [{ channel: 'EMAIL', leads: 1, won: 0 }],
      campaigns: [{ campaign: 'canada-open-day', leads: 1, won: 0 }],
    });
  });
});
