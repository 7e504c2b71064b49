import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { captchaToken, CONTACT_US, enquiry, graphql, visitorAddress } from './support/client.js';
import { createDatabase, type TestDatabase } from './support/postgres.js';
import { startServer, type RunningServer } from './support/server.js';

/** Issue 7: 500 concurrent distinct enquiries (captcha in test mode): exactly 500 rows, each as sent, no 5xx. */
describe('500 enquiries at once', () => {
  let database: TestDatabase;
  let server: RunningServer;
  beforeAll(async () => {
    database = await createDatabase();
    server = await startServer({ DATABASE_URL: database.url() });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  const FIELDS = ['first_name', 'last_name', 'email_address', 'phone_number', 'subject', 'message'] as const;

  it('stores each of them exactly once, byte for byte, and answers every one', async () => {
    onTestFailed(() => console.log(server.output().slice(-8000)));
    const count = 500;
    // Each from its own visitor (the trusted proxy names them), as 500 people would send them.
    const sends = await Promise.all(
      Array.from({ length: count }, async (_, index) => {
        const from = visitorAddress();
        const input = { ...enquiry(`load ${index} ${from}`), reCaptcha_token: await captchaToken(server.url, from) };
        return { from, input };
      }),
    );

    const answers = await Promise.all(
      sends.map(async ({ from, input }) => {
        const response = await graphql(server.url, CONTACT_US, { input }, from);
        return {
          status: response.status,
          body: (await response.json()) as { data?: { addContactUsFormData?: { id: number } } },
        };
      }),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const ids = answers.map((answer) => answer.body.data?.addContactUsFormData?.id);
    expect(new Set(ids).size).toBe(count);

    const rows = await database.query<Record<(typeof FIELDS)[number], string> & { id: number; submitter_ip: string }>(
      `select id, ${FIELDS.join(', ')}, host(submitter_ip) as submitter_ip from contact_us_entries`,
    );
    expect(rows).toHaveLength(count);
    const byId = new Map(rows.map((row) => [row.id, row]));
    sends.forEach(({ from, input }, index) => {
      const row = byId.get(ids[index]!);
      expect(row, `enquiry ${index}`).toBeDefined();
      for (const field of FIELDS) {
        // Byte-identical: the same UTF-8 bytes, not merely equal-looking text.
        expect(Buffer.from(row![field], 'utf8').equals(Buffer.from(input[field], 'utf8')), `${field} of ${index}`).toBe(
          true,
        );
      }
      expect(row!.submitter_ip).toBe(from);
    });
  });
});
