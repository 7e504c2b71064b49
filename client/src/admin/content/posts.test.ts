import { describe, expect, it } from 'vitest';
import { addPostInput } from '../../../../shared/post.schema.js';
import { inputOf, valuesOf, type FieldContext } from '../ui/fields.js';
import { POSTS } from './posts.js';

type Post = Parameters<(typeof POSTS)['nameOf']>[0];

const nepal = { id: 1, name: 'Nepal' };
const context: FieldContext = {
  countries: [nepal],
  shown: nepal,
  actor: { staffId: 7, role: 'EDITOR', countryIds: [1] },
};

/** A post as the list answers it, with `changes`. */
const post = (changes: Partial<Post>): Post =>
  ({
    id: 3,
    title: 'Study in Canada',
    slug: 'study-in-canada',
    excerpt: 'Intakes and costs.',
    image: { id: 5, image_name: 'cover.png', image_url: '/media/abc.png' },
    body_html: '<h2>Intakes</h2><p>Two a year.</p>',
    author: { id: 9, name: 'Asha' },
    tags: ['Canada'],
    published_at: null,
    status: 'DRAFT',
    countries: [nepal],
    isDeletable: true,
    ...changes,
  }) as Post;

/** What Save sends for a post (null: a new one) after `change` to the form's values. */
function inputFor(item: Post | null, change: (values: Record<string, unknown>) => void = () => undefined) {
  const values = valuesOf(POSTS.fields, item, context);
  change(values);
  return inputOf(POSTS.fields, values, item);
}

/** A complete new post with the publishing choice `publishing`. */
const complete = (publishing: object) => (values: Record<string, unknown>) =>
  Object.assign(values, {
    title: 'Study in Canada',
    slug: 'study-in-canada',
    excerpt: 'Intakes and costs.',
    image_id: 5,
    body_html: '<p>Two a year.</p>',
    published_at: { ...(values.published_at as object), ...publishing },
  });

describe('the post form', () => {
  it('names the signed-in staff member as a new post’s author, and keeps a post’s own', () => {
    expect(inputFor(null).author_id).toBe(7);
    expect(inputFor(post({})).author_id).toBe(9);
    expect(inputFor(post({ author: null })).author_id).toBeNull();
  });

  it('sends a draft without a time, "Publish now" as the current time', () => {
    expect(addPostInput.parse(inputFor(null, complete({ mode: 'draft' }))).published_at).toBeNull();
    const before = Date.now();
    const now = addPostInput.parse(inputFor(null, complete({ mode: 'now' }))).published_at!;
    expect(Date.parse(now)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(now)).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('refuses a schedule without a time on the publishing field, and sends a chosen time with its offset', () => {
    const refused = addPostInput.safeParse(inputFor(null, complete({ mode: 'schedule', at: null })));
    expect(refused.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['published_at', 'Enter a valid date and time'],
    ]);
    const scheduled = addPostInput.parse(inputFor(null, complete({ mode: 'schedule', at: '2031-05-04 09:30:00' })));
    expect(scheduled.published_at).toMatch(/^2031-05-04T09:30:00[+-]\d\d:\d\d$/);
    expect(new Date(scheduled.published_at!).getHours()).toBe(9);
  });

  it('keeps a published post’s time, and a scheduled post’s time, when it is saved again', () => {
    const since = '2026-01-02T03:04:05.000Z';
    expect(inputFor(post({ published_at: since, status: 'PUBLISHED' })).published_at).toBe(since);
    const at = '2031-05-04T09:30:00.000Z';
    const scheduled = inputFor(post({ published_at: at, status: 'SCHEDULED' })).published_at as string;
    expect(Date.parse(scheduled)).toBe(Date.parse(at));
  });
});
