import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  getNamedType,
  isObjectType,
  parse,
  specifiedRules,
  validate,
  type GraphQLField,
  type GraphQLOutputType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';
import { requiredArguments } from '../../test/schema-documents.js';
import { errorCode, gql, staffToken } from '../../test/graphql.js';
import { costLimitRule, GRAPHQL_LIMITS } from './limits.js';

/** Every GraphQL document in the React client's source (template literals starting with query/mutation). */
function clientDocuments(): { file: string; document: string }[] {
  const root = path.resolve(import.meta.dirname, '../../../client/src');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file));
  return files.flatMap((file) => {
    const source = readFileSync(path.join(root, file), 'utf8');
    // `${NAME}` inside a document names a string constant of the same file (e.g. the selected fields).
    const constant = (name: string) => new RegExp(`const ${name} = ['\`]([^'\`]*)['\`]`).exec(source)?.[1] ?? '';
    // A document has a selection set: a word in backquotes in a comment (`mutation`) is not one.
    return [...source.matchAll(/`((?:query|mutation)\b[^`]*\{[^`]*)`/g)].map((match) => ({
      file,
      document: match[1]!.replace(/\$\{(\w+)\}/g, (_, name: string) => constant(name)),
    }));
  });
}

/** Every field of a type, nested to `levels` (then only `__typename`). */
function everything(type: GraphQLOutputType, levels: number): string {
  const named = getNamedType(type);
  if (!isObjectType(named)) return '';
  if (levels === 0) return '{ __typename }';
  const fields = Object.values(named.getFields()).map((field) => `${field.name} ${everything(field.type, levels - 1)}`);
  return `{ ${fields.join(' ')} }`;
}

/** The field with every field below it, at the largest page (required arguments only). */
function heaviest(field: GraphQLField<unknown, unknown>): string {
  return `${field.name}${requiredArguments(field)} ${everything(field.type, GRAPHQL_LIMITS.depth - 2)}`;
}

/** Document limits (issue 7: depth with fragments, cost, aliases, tokens, batches, introspection) before any resolver. */
describe('GraphQL document limits', () => {
  let app: FastifyInstance;
  let devApp: FastifyInstance;
  let admin: string;
  beforeAll(async () => {
    app = await buildTestApp();
    devApp = await buildTestApp({ config: { dev: true } });
    admin = await staffToken(app, 'ADMIN');
  });
  afterAll(async () => {
    await app.close();
    await devApp.close();
  });

  it('answers a document within the limits', async () => {
    const response = await gql(app, 'query { getCountries { id name } }');
    expect(response.errors).toEqual([]);
  });

  // Introspection types nest without end, so they make valid documents of any depth (allowed in development).
  const ofTypes = (levels: number) => `${'ofType { '.repeat(levels)}name${' }'.repeat(levels)}`;

  it('refuses a document nested deeper than the limit, counting named fragments', async () => {
    const within = await gql(devApp, `query { __schema { queryType { name } } }`);
    expect(within.errors).toEqual([]);
    const inline = await gql(
      devApp,
      `query { __schema { types { fields { type { ${ofTypes(GRAPHQL_LIMITS.depth)} } } } } }`,
    );
    expect(inline.data ?? null).toBeNull();
    expect(errorCode(inline)).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(inline.errors[0]?.message).toMatch(/depth/i);
    // The same depth hidden in named fragments.
    const fragments = `query { __schema { types { ...TypeFields } } }
      fragment TypeFields on __Type { fields { type { ...Deep } } }
      fragment Deep on __Type { ${ofTypes(GRAPHQL_LIMITS.depth)} }`;
    const viaFragments = await gql(devApp, fragments);
    expect(viaFragments.data ?? null).toBeNull();
    expect(errorCode(viaFragments)).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  describe(`cost (at most ${GRAPHQL_LIMITS.cost}, lists counted at their page size)`, () => {
    const tooComplex = new RegExp(`^Query is too complex: cost \\d+ exceeds ${GRAPHQL_LIMITS.cost}\\.$`);
    const costErrors = (document: string) =>
      validate(app.graphqlSchema!, parse(document), [...specifiedRules, costLimitRule(GRAPHQL_LIMITS.cost)]).map(
        (error) => error.message,
      );
    const TEAM = `id name position description email whatsapp image { id image_url category } countries { id name }
      teamsCountriesCertifications { id certificate_code countries_certifications { id certificate_name country_id } }
      isDeletable created_at updated_at`;
    const videoCount = async (name: string) =>
      (await app.db.selectFrom('videos').select('id').where('video_name', '=', name).execute()).length;

    it('passes every document of the React client, and every operation asking for everything at the largest page', () => {
      const documents = clientDocuments();
      expect(documents.map(({ file }) => file).sort()).toEqual([
        'admin/pages/countries/CountryModal.tsx',
        'admin/pages/countries/CountryModal.tsx',
        'admin/pages/media/UploadPicturesModal.tsx',
        'admin/pages/staff/StaffPictureEditor.tsx',
      ]);
      for (const { file, document } of documents) expect([file, costErrors(document)]).toEqual([file, []]);
      const schema = app.graphqlSchema!;
      for (const [kind, root] of [
        ['query', schema.getQueryType()!],
        ['mutation', schema.getMutationType()!],
      ] as const) {
        for (const field of Object.values(root.getFields())) {
          expect([field.name, costErrors(`${kind} { ${heaviest(field)} }`)]).toEqual([field.name, []]);
        }
      }
    });

    it('answers a realistic staff query: a full page of team members with their countries and certificates', async () => {
      const response = await gql(
        app,
        `query { getAllTeams(paginate: { perPage: 100 }) { data { ${TEAM} } } }`,
        {},
        admin,
      );
      expect(response.errors).toEqual([]);
    });

    it('refuses a document of several nested lists over the limit before any resolver runs: its mutation stores nothing', async () => {
      const mutation = app.graphqlSchema!.getMutationType()!.getFields();
      const addVideo = (name: string) =>
        `addVideo(category: GALLERY_VIDEOS, video_name: "${name}", video_url: "https://videos.example.com/${name}") { id }`;
      const costly = `mutation { ${addVideo('costly')} ${heaviest(mutation.addTeamToOtherCountry!)}
        ${heaviest(mutation.addTestimonialToOtherCountry!)} }`;
      const refused = await gql(app, costly, {}, admin);
      expect(refused.data).toBeNull();
      expect(errorCode(refused)).toBe('GRAPHQL_VALIDATION_FAILED');
      expect(refused.errors.map((error) => error.message)).toEqual([expect.stringMatching(tooComplex)]);
      expect(await videoCount('costly')).toBe(0);
      // The same mutation alone is stored: only the cost stopped it.
      expect((await gql(app, `mutation { ${addVideo('alone')} }`, {}, admin)).errors).toEqual([]);
      expect(await videoCount('alone')).toBe(1);
    });

    it('counts the page size a document asks for, and the largest page for a variable or no argument', async () => {
      const teams = (paginate: string) => {
        const list = [1, 2, 3].map((n) => `t${n}: getAllTeams${paginate} { data { ${TEAM} } }`).join(' ');
        return paginate.includes('$') ? `query($paginate: PaginateInput) { ${list} }` : `query { ${list} }`;
      };
      expect(costErrors(teams('(paginate: { perPage: 10 })'))).toEqual([]);
      expect(costErrors(teams('(paginate: { perPage: 100 })'))).toEqual([expect.stringMatching(tooComplex)]);
      expect(costErrors(teams('(paginate: $paginate)'))).toEqual([expect.stringMatching(tooComplex)]);
      expect(costErrors(teams(''))).toEqual([expect.stringMatching(tooComplex)]);
      const response = await gql(app, teams('(paginate: $paginate)'), { paginate: { perPage: 1 } }, admin);
      expect(errorCode(response)).toBe('GRAPHQL_VALIDATION_FAILED');
    });

    it('counts fragments, named and inline, at every use, without walking them again', () => {
      const named = `query { a: getAllTeams(paginate: { perPage: 100 }) { data { ...Member } }
        b: getCountryTeams(country_id: 2, paginate: { perPage: 100 }) { data { ...Member } } }
        fragment Member on Team { ${TEAM} }`;
      expect(costErrors(named)).toEqual([expect.stringMatching(tooComplex)]);
      const inline = `query { a: getAllTeams(paginate: { perPage: 100 }) { data { ... on Team { ${TEAM} } } }
        b: getAllTeams(paginate: { perPage: 100 }) { ... on TeamPage { data { ${TEAM} } } } }`;
      expect(costErrors(inline)).toEqual([expect.stringMatching(tooComplex)]);
      // Each fragment uses the next one twice: 2^60 uses, counted in linear time.
      const levels = 60;
      const chain = Array.from({ length: levels }, (_, n) =>
        n + 1 < levels ? `fragment F${n} on Country { ...F${n + 1} ...F${n + 1} }` : `fragment F${n} on Country { id }`,
      );
      const started = performance.now();
      expect(costErrors(`query { getCountries { ...F0 } } ${chain.join(' ')}`)).toEqual([
        expect.stringMatching(tooComplex),
      ]);
      expect(performance.now() - started).toBeLessThan(1000);
    });
  });

  it(`refuses more than ${GRAPHQL_LIMITS.aliases} aliases`, async () => {
    const many = Array.from({ length: GRAPHQL_LIMITS.aliases + 1 }, (_, index) => `a${index}: getCountries { id }`);
    const response = await gql(app, `query { ${many.join(' ')} }`);
    expect(response.data ?? null).toBeNull();
    expect(errorCode(response)).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(response.errors[0]?.message).toBe(`Too many aliases: at most ${GRAPHQL_LIMITS.aliases} are allowed.`);
  });

  it(`refuses a document of more than ${GRAPHQL_LIMITS.tokens} tokens`, async () => {
    const huge = `query { getCountries { ${'id '.repeat(GRAPHQL_LIMITS.tokens)}} }`;
    const response = await gql(app, huge);
    expect(response.data ?? null).toBeNull();
    expect(errorCode(response)).toBe('GRAPHQL_PARSE_FAILED');
    expect(response.errors[0]?.message).toMatch(/contains more th\w+ 2000 tokens/);
  });

  it('refuses a batch (an array of operations) in one request', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify([{ query: 'query { getCountries { id } }' }, { query: 'query { getPages { id } }' }]),
    });
    const body = response.json<{ data: unknown; errors: { message: string }[] }>();
    expect(body.data).toBeNull();
    expect(body.errors[0]?.message).toBe('body must be object');
    expect(response.body).not.toContain('getCountries');
  });

  it('leaves "Did you mean" suggestions out of messages in production and keeps them in development', async () => {
    const misspelt = 'query { getCountries { nme } }';
    const production = await gql(app, misspelt);
    expect(errorCode(production)).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(production.errors[0]?.message).toBe('Cannot query field "nme" on type "Country".');
    const development = await gql(devApp, misspelt);
    expect(development.errors[0]?.message).toBe('Cannot query field "nme" on type "Country". Did you mean "name"?');
    // Variables are checked after validation (before any resolver or sign-in), by another part of graphql-js.
    const variable =
      'query($category: ImageCategory!) { getImagesOfCategory(category: $category) { edges { cursor } } }';
    const wrongValue = await gql(app, variable, { category: 'BANER' });
    expect(errorCode(wrongValue)).toBe('BAD_USER_INPUT');
    expect(wrongValue.errors[0]?.message).toMatch(
      /^Variable "\$category" got invalid value "BANER"; Value "BANER" does not exist in "ImageCategory" enum\.$/,
    );
    const devWrongValue = await gql(devApp, variable, { category: 'BANER' });
    expect(devWrongValue.errors[0]?.message).toMatch(/Did you mean the enum value "BANNER"\?$/);
    // An unknown argument, and an enum literal.
    const literals = await gql(
      app,
      'query { getCountries(filtr: "a") { id } getImagesOfCategory(category: BANER) { edges { cursor } } }',
    );
    expect(literals.errors.length).toBe(2);
    for (const error of literals.errors) expect(error.message).not.toMatch(/Did you mean/);
  });

  it('serves GraphiQL only in development', async () => {
    expect((await app.inject('/graphiql')).statusCode).toBe(404);
    const development = await devApp.inject('/graphiql');
    expect(development.statusCode).toBe(200);
    expect(development.body).toMatch(/graphiql/i);
  });

  it('answers introspection within the same limits as any document, and refuses it with GRAPHQL_INTROSPECTION=0', async () => {
    const small = await gql(app, 'query { __type(name: "Query") { name } __schema { queryType { name } } }');
    expect(small.errors).toEqual([]);
    expect(small.data).toEqual({ __type: { name: 'Query' }, __schema: { queryType: { name: 'Query' } } });
    // Lists of lists of the schema describing itself: free for GraphiQL in development, a cost in production.
    const everything = `query { __schema { types { fields { args { type { name } } type { fields { name } } } } } }`;
    const refused = await gql(app, everything);
    expect(errorCode(refused)).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(refused.errors[0]?.message).toMatch(/too complex/);
    expect((await gql(devApp, everything)).errors).toEqual([]);
    const closed = await buildTestApp({ config: { graphqlIntrospection: false } });
    try {
      const off = await gql(closed, 'query { __schema { queryType { name } } }');
      expect(off.data ?? null).toBeNull();
      expect(errorCode(off)).toBe('GRAPHQL_VALIDATION_FAILED');
      expect(off.errors[0]?.message).toMatch(/introspection has been disabled/);
    } finally {
      await closed.close();
    }
  });
});
