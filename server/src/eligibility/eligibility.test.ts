import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadEligibility } from '../../../shared/eligibility/attachment.js';
import type { EligibilityResult } from '../../../shared/eligibility/result.js';
import { AUSTRALIAN_PROFILE, CANADIAN_PROFILE } from '../../../shared/eligibility/test-answers.js';
import { buildFormsTestApp, CONTACT_US, enquiryInput } from '../../test/forms.js';
import { errorCode, gql, staffMember, trpcCall } from '../../test/graphql.js';

const RESULT_FIELDS =
  'tool total passMark breakdown { factor label points max } suggestions { text gain } rules { publisher publishedOn checkedOn source }';

describe('eligibility checkers: the API and a result sent with an enquiry', () => {
  let app: FastifyInstance;
  let admin: Awaited<ReturnType<typeof staffMember>>;

  beforeAll(async () => {
    app = await buildFormsTestApp();
    admin = await staffMember(app, { role: 'ADMIN' });
  });
  afterAll(() => app.close());

  it('works out the Australian points test for an external caller, without a token', async () => {
    const answer = await gql<{ calculateAustralianPoints: EligibilityResult }>(
      app,
      `query($input: AustralianPointsInput!) { calculateAustralianPoints(input: $input) { ${RESULT_FIELDS} } }`,
      { input: AUSTRALIAN_PROFILE },
    );
    expect(answer.errors).toEqual([]);
    const result = answer.data!.calculateAustralianPoints;
    expect(result).toMatchObject({ tool: 'AU_POINTS', total: 90, passMark: 65 });
    expect(result.breakdown.find((line) => line.factor === 'employment')).toMatchObject({ points: 10, max: 20 });
    expect(result.rules.publisher).toBe('Department of Home Affairs');
  });

  it("works out Canada's CRS score, and refuses bad answers with a message per field", async () => {
    const answer = await gql<{ calculateCrs: EligibilityResult }>(
      app,
      `query($input: CrsInput!) { calculateCrs(input: $input) { ${RESULT_FIELDS} } }`,
      { input: CANADIAN_PROFILE },
    );
    expect(answer.errors).toEqual([]);
    expect(answer.data!.calculateCrs).toMatchObject({ tool: 'CRS', total: 477, passMark: null });

    const refused = await gql(app, `query($input: CrsInput!) { calculateCrs(input: $input) { total } }`, {
      input: { ...CANADIAN_PROFILE, age: null, canadianWork: 9 },
    });
    expect(errorCode(refused)).toBe('BAD_USER_INPUT');
    expect(refused.errors[0]!.extensions).toMatchObject({
      fields: {
        age: 'Age is required',
        canadianWork: 'Canadian work experience must be a whole number of years from 0 to 5',
      },
    });
  });

  it('keeps a sent result with the lead, worked out again on the server, for the inbox and the mails', async () => {
    const sent = await trpcCall<{ id: number }>(
      app,
      'forms.contactUs',
      {
        ...(await enquiryInput(app, { email_address: 'anish@example.com' })),
        // A score typed by someone is never taken: only the answers travel, and the server works out the total.
        eligibility: { tool: 'AU_POINTS', answers: AUSTRALIAN_PROFILE, total: 120 },
      },
      { mutation: true },
    );
    expect(sent.error).toBeUndefined();
    const lead = await app.db
      .selectFrom('leads')
      .select('id')
      .where('email_address', '=', 'anish@example.com')
      .executeTakeFirstOrThrow();

    const detail = await trpcCall<{ eligibility: LeadEligibility | null }>(
      app,
      'leads.get',
      { id: lead.id },
      { token: admin.token },
    );
    expect(detail.error).toBeUndefined();
    expect(detail.data!.eligibility).toMatchObject({ tool: 'AU_POINTS', result: { total: 90, passMark: 65 } });
    expect(detail.data!.eligibility!.answers).toContainEqual(['Visa', 'Skilled Nominated (subclass 190)']);

    const mails = await app.db
      .selectFrom('mails')
      .select('text_body')
      .where('to_address', '!=', 'anish@example.com')
      .where('text_body', 'like', '%Eligibility estimate%')
      .execute();
    expect(mails.map((mail) => mail.text_body).join('\n')).toContain(
      'Australian points test: 90 points (pass mark 65)',
    );
  });

  it('takes a result with a GraphQL enquiry too, and refuses invalid answers storing nothing', async () => {
    const refused = await gql(app, CONTACT_US, {
      input: await enquiryInput(app, {
        email_address: 'refused@example.com',
        eligibility: { crs: { ...CANADIAN_PROFILE, age: 7 } },
      }),
    });
    expect(errorCode(refused)).toBe('BAD_USER_INPUT');
    const none = app.db.selectFrom('leads').select('id').where('email_address', '=', 'refused@example.com');
    expect(await none.execute()).toEqual([]);

    const sent = await gql(app, CONTACT_US, {
      input: await enquiryInput(app, { email_address: 'li@example.com', eligibility: { crs: CANADIAN_PROFILE } }),
    });
    expect(sent.errors).toEqual([]);
    const stored = await app.db
      .selectFrom('leads')
      .select('eligibility')
      .where('email_address', '=', 'li@example.com')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.eligibility!)).toMatchObject({ tool: 'CRS', result: { total: 477 } });
  });

  it('is exported and erased with the rest of what a visitor sent', async () => {
    const exported = await trpcCall<{ enquiries: { eligibility: LeadEligibility | null }[] }>(
      app,
      'leads.exportByEmail',
      { email: 'li@example.com' },
      { token: admin.token, mutation: true },
    );
    expect(exported.data!.enquiries[0]!.eligibility).toMatchObject({ tool: 'CRS', result: { total: 477 } });
    const erased = await trpcCall(
      app,
      'leads.eraseByEmail',
      { email: 'li@example.com', confirm: true },
      { token: admin.token, mutation: true },
    );
    expect(erased.error).toBeUndefined();
    const row = await app.db
      .selectFrom('leads')
      .select(['eligibility', 'email_address'])
      .where('anonymised_at', 'is not', null)
      .execute();
    expect(row.length).toBeGreaterThan(0);
    expect(row.every((lead) => lead.eligibility === null)).toBe(true);
  });
});
