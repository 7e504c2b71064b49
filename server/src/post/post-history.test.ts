import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';
import { addImage } from '../../test/fixtures.js';
import { staffMember, trpcCall } from '../../test/graphql.js';
import { PREVIEW_EXPIRED, PREVIEW_PATH } from '../../../shared/post-address.js';

const NEPAL = 2;
const CANADA = 3;

interface Post {
  id: number;
  title: string;
  slug: string;
  status: string;
}

describe('drafts, preview links and revisions of posts', () => {
  let app: FastifyInstance;
  let admin: { id: number; name: string; token: string };
  let canadaEditor: { id: number; token: string };
  let cover: number;

  const call = <T>(path: string, input: unknown, token = admin.token, mutation = true) =>
    trpcCall<T>(app, path, input, { token, mutation });

  async function addDraft(slug: string): Promise<Post> {
    const response = await call<Post>('post.add', {
      title: 'Student visa changes',
      slug,
      excerpt: 'What changed.',
      image_id: cover,
      body_html: '<p>First words.</p>',
      published_at: null,
      country_ids: [NEPAL],
    });
    expect(response.error).toBeUndefined();
    return response.data!;
  }

  beforeAll(async () => {
    app = await buildTestApp();
    admin = await staffMember(app, { role: 'ADMIN', name: 'Asha Admin' });
    canadaEditor = await staffMember(app, { role: 'EDITOR', countryIds: [CANADA] });
    cover = await addImage(app, 'BLOG');
  });
  afterAll(() => app.close());

  it('shows a draft to no visitor, and to anyone holding its preview link, which nobody can forge', async () => {
    const draft = await addDraft('visa-changes-draft');
    expect(draft.status).toBe('DRAFT');
    const visitor = await trpcCall(app, 'site.post', { countryId: NEPAL, slug: draft.slug });
    expect(visitor.data).toBeNull();

    const link = await call<{ url: string; expires_at: string }>('post.previewLink', { id: draft.id });
    expect(link.error).toBeUndefined();
    const token = new URL(link.data!.url).pathname.slice(PREVIEW_PATH.length);
    expect(Date.parse(link.data!.expires_at) - Date.now()).toBeGreaterThan(47 * 3600_000);

    // No session: the link alone shows the post.
    const preview = await trpcCall<{ post: { title: string; body_html: string }; status: string }>(
      app,
      'site.postPreview',
      { token },
    );
    expect(preview.data).toMatchObject({
      status: 'DRAFT',
      post: { title: 'Student visa changes', body_html: '<p>First words.</p>' },
    });
    const forged = await trpcCall(app, 'site.postPreview', { token: token.replace(/^\d+/, String(draft.id + 1)) });
    expect(forged.error).toMatchObject({ code: 'NOT_FOUND', message: PREVIEW_EXPIRED });

    // An EDITOR of none of its countries gets no link.
    const refused = await call('post.previewLink', { id: draft.id }, canadaEditor.token);
    expect(refused.error?.code).toBe('FORBIDDEN');
  });

  it('lists a post’s revisions and restores an earlier one, which is itself recorded', async () => {
    const post = await addDraft('visa-changes-history');
    await call('post.update', { id: post.id, title: 'Student visa changes for 2027' });
    await call('post.update', { id: post.id, title: 'Student visa changes for 2027 intakes', slug: 'intakes-2027' });

    const revisions = await call<{ id: number; title: string; slug: string; staff_name: string }[]>(
      'post.revisions',
      { id: post.id },
      admin.token,
      false,
    );
    expect(revisions.error).toBeUndefined();
    expect(revisions.data!.map((revision) => [revision.title, revision.slug, revision.staff_name])).toEqual([
      ['Student visa changes for 2027 intakes', 'intakes-2027', 'Asha Admin'],
      ['Student visa changes for 2027', 'visa-changes-history', 'Asha Admin'],
      ['Student visa changes', 'visa-changes-history', 'Asha Admin'],
    ]);

    const first = revisions.data!.at(-1)!;
    const restored = await call<Post>('post.restore', { id: post.id, revision_id: first.id });
    expect(restored.error).toBeUndefined();
    expect(restored.data).toMatchObject({ title: 'Student visa changes', slug: 'visa-changes-history' });
    const after = await call<{ title: string }[]>('post.revisions', { id: post.id }, admin.token, false);
    expect(after.data!.map((revision) => revision.title)).toEqual([
      'Student visa changes',
      'Student visa changes for 2027 intakes',
      'Student visa changes for 2027',
      'Student visa changes',
    ]);

    // Another post's revision is not this one's to restore.
    const other = await addDraft('another-post');
    const foreign = await call('post.restore', { id: other.id, revision_id: first.id });
    expect(foreign.error?.code).toBe('NOT_FOUND');
    // Nor may an EDITOR of none of its countries see or restore its history.
    const editor = await call('post.revisions', { id: post.id }, canadaEditor.token, false);
    expect(editor.error?.code).toBe('FORBIDDEN');
  });
});
