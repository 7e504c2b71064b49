import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { inputOf, valuesOf, type Field, type FieldContext } from '../ui/fields.js';
import { BANNERS } from './banners.js';
import { BRANCH_CLOSURES } from './branch-closures.js';
import { BRANCHES } from './branches.js';
import { FOOTER_SOCIAL_MEDIA } from './footer-social-media.js';
import { HOME_SERVICES } from './home-services.js';
import { POPUPS } from './popups.js';
import { POSTS } from './posts.js';
import { REPLY_TEMPLATES } from './reply-templates.js';
import { TEAM } from './team.js';
import { TESTIMONIALS } from './testimonials.js';

/** Every declared kind: its form and the API's schemas it fills (the country goes with a country's new items). */
const KINDS = {
  banners: { ...BANNERS, newInput: {} },
  testimonials: { ...TESTIMONIALS, newInput: {} },
  popups: { ...POPUPS, newInput: {} },
  posts: { ...POSTS, newInput: {} },
  team: { ...TEAM, newInput: {} },
  branches: { ...BRANCHES, newInput: { country_id: 1 } },
  closures: { ...BRANCH_CLOSURES, newInput: { country_id: 1 } },
  'footer social media': { ...FOOTER_SOCIAL_MEDIA, newInput: { country_id: 1 } },
  'home services': { ...HOME_SERVICES, newInput: { country_id: 1 } },
  'reply templates': { ...REPLY_TEMPLATES, newInput: { country_id: 1 } },
} as Record<string, { fields: Field<unknown>[]; schemas: { add: z.ZodType; update: z.ZodType }; newInput: object }>;

const nepal = { id: 1, name: 'Nepal' };
const context: FieldContext = {
  countries: [nepal],
  shown: nepal,
  actor: { staffId: 1, role: 'ADMIN', countryIds: [] },
};
const shapeOf = (schema: z.ZodType) => (schema as z.ZodObject).shape as Record<string, z.ZodType>;
const keysOf = (schema: z.ZodType) => Object.keys(shapeOf(schema));

describe.each(Object.entries(KINDS))('the %s form', (_, kind) => {
  it('names only what the API takes, and everything it requires', () => {
    const names = kind.fields.flatMap((field) => (field.name ? [field.name] : []));
    expect(keysOf(kind.schemas.add)).toEqual(expect.arrayContaining(names));
    const required = keysOf(kind.schemas.add).filter(
      (key) => !shapeOf(kind.schemas.add)[key]!.safeParse(undefined).success,
    );
    expect([...names, ...Object.keys(kind.newInput)]).toEqual(expect.arrayContaining(required));
  });

  it('starts a new item empty: the schema refuses it until the required fields are filled', () => {
    const input = { ...kind.newInput, ...inputOf(kind.fields, valuesOf(kind.fields, null, context), null) };
    const refused = kind.schemas.add.safeParse(input);
    expect(refused.success).toBe(false);
    // Each message is on a field of the form (or the country a new item goes to).
    const paths = refused.error!.issues.map((issue) => String(issue.path[0]));
    const names = kind.fields.map((field) => field.name);
    for (const path of paths) expect(names).toContain(path);
  });
});
