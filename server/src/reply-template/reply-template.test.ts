import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPlaceholders } from '../../../shared/reply-template.schema.js';
import { buildContentTestApp, trpcCall } from '../../test/graphql.js';

type Template = { id: number; country_id: number; name: string; subject: string; body: string };

describe("a country's reply templates (decision 046)", () => {
  let app: FastifyInstance;
  let admin: string;
  let nepalEditor: string;
  const NEPAL = 2;
  const CANADA = 3;

  beforeAll(async () => {
    ({ app, admin, nepalEditor } = await buildContentTestApp());
  });
  afterAll(() => app.close());

  const call = <T>(path: string, input: unknown, token: string, mutation = true) =>
    trpcCall<T>(app, path, input, { token, mutation });
  const list = async (countryId: number, token = admin) =>
    (await call<Template[]>('replyTemplate.get', { country_id: countryId }, token, false)).data!.map((t) => t.name);

  it("lets a country's editor add, change and delete its templates, listed by name, and records each", async () => {
    const ielts = {
      country_id: NEPAL,
      name: 'IELTS class times',
      subject: 'IELTS classes',
      body: 'Dear {first_name},',
    };
    const added = await call<Template>('replyTemplate.add', ielts, nepalEditor);
    expect(added.error).toBeUndefined();
    await call('replyTemplate.add', { ...ielts, name: 'Documents for a student visa' }, nepalEditor);
    expect(await list(NEPAL, nepalEditor)).toEqual(['Documents for a student visa', 'IELTS class times']);

    const id = added.data!.id;
    const changed = await call<Template>('replyTemplate.update', { id, subject: 'IELTS and PTE classes' }, nepalEditor);
    expect(changed.data).toMatchObject({ name: 'IELTS class times', subject: 'IELTS and PTE classes' });
    const deleted = await call<{ errorCode: string }>('replyTemplate.delete', { id }, nepalEditor);
    expect(deleted.data).toMatchObject({ success: true, errorCode: 'DELETED_REPLY_TEMPLATE' });
    expect(await list(NEPAL)).toEqual(['Documents for a student visa']);

    const logged = await app.db
      .selectFrom('audit_log')
      .select(['action', 'item_name'])
      .where('kind', '=', 'reply template')
      .where('item_id', '=', id)
      .orderBy('id')
      .execute();
    expect(logged.map((entry) => entry.item_name)).toEqual([
      'IELTS class times',
      'IELTS class times',
      'IELTS class times',
    ]);
  });

  it("keeps another country's templates from an editor, and refuses what is missing", async () => {
    await call('replyTemplate.add', { country_id: CANADA, name: 'Express Entry', subject: 'CRS', body: 'Hi' }, admin);
    expect((await call('replyTemplate.get', { country_id: CANADA }, nepalEditor, false)).error?.code).toBe('FORBIDDEN');
    const canadaOne = (await call<Template[]>('replyTemplate.get', { country_id: CANADA }, admin, false)).data![0]!;
    const refusals = [
      await call('replyTemplate.add', { country_id: CANADA, name: 'x', subject: 'y', body: 'z' }, nepalEditor),
      await call('replyTemplate.update', { id: canadaOne.id, name: 'Mine now' }, nepalEditor),
      await call('replyTemplate.delete', { id: canadaOne.id }, nepalEditor),
    ];
    expect(refusals.map((refusal) => refusal.error?.code)).toEqual(['FORBIDDEN', 'FORBIDDEN', 'FORBIDDEN']);
    expect(await list(CANADA)).toEqual(['Express Entry']);

    const empty = await call('replyTemplate.add', { country_id: NEPAL, name: ' ', subject: '', body: '' }, admin);
    expect(empty.error?.fields).toEqual({
      name: 'Name is required',
      subject: 'Subject is required',
      body: 'Message is required',
    });
    expect((await call('replyTemplate.delete', { id: 999_999 }, admin)).error?.code).toBe('NOT_FOUND');
  });

  it("fills a template's placeholders from the lead", () => {
    const lead = { first_name: 'Sita', branch: { name: 'Kathmandu' }, country: { name: 'Nepal' } };
    expect(fillPlaceholders('Dear {first_name}, visit {branch} ({country}). {other}', lead)).toBe(
      'Dear Sita, visit Kathmandu (Nepal). {other}',
    );
    expect(fillPlaceholders('Dear {first_name}, see {branch}', { ...lead, first_name: null, branch: null })).toBe(
      'Dear, see',
    );
  });
});
