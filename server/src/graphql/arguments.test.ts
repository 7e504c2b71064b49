import type { FastifyInstance } from 'fastify';
import { getNamedType, isEnumType, isInputObjectType, isObjectType, type GraphQLSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';
import { errorCode, gql, staffToken, trpcCall } from '../../test/graphql.js';

/**
 * Issue 7: lists are sorted and filtered only the ways the server defines. No argument names a column or a
 * direction; a list's arguments are page, cursor, a literal name filter and the country, page or category it belongs
 * to, and, for the inbox, one of the server's own orders (an enum, decision 050).
 */
describe('list arguments', () => {
  let app: FastifyInstance;
  let schema: GraphQLSchema;
  beforeAll(async () => {
    app = await buildTestApp();
    schema = app.graphqlSchema!;
  });
  afterAll(() => app.close());

  /** Every argument of every query and every field of every input type, as `name: Type`. */
  function argumentNames(): { queries: Set<string>; everywhere: Set<string> } {
    const queries = new Set<string>();
    const everywhere = new Set<string>();
    for (const type of Object.values(schema.getTypeMap())) {
      if (type.name.startsWith('__')) continue;
      if (isObjectType(type)) {
        for (const field of Object.values(type.getFields())) {
          for (const arg of field.args) {
            const entry = `${arg.name}: ${getNamedType(arg.type).name}`;
            everywhere.add(entry);
            if (type === schema.getQueryType()) queries.add(entry);
          }
        }
      }
      if (isInputObjectType(type)) {
        for (const field of Object.values(type.getFields()))
          everywhere.add(`${field.name}: ${getNamedType(field.type).name}`);
      }
    }
    return { queries, everywhere };
  }

  it('never lets a caller name a sort order or a column: an order is one the server defines', () => {
    const { everywhere } = argumentNames();
    expect([...everywhere].filter((entry) => /sort|order|column|direction|field\b|where/i.test(entry))).toEqual([
      // The inbox's orders (decision 050): a closed list, each a fixed ordering in the repository.
      'order: EnquiryOrder',
    ]);
    const order = schema.getType('EnquiryOrder');
    expect(isEnumType(order) && order.getValues().map((value) => value.name)).toEqual([
      'NEWEST',
      'OLDEST',
      'APPOINTMENT',
      'FOLLOW_UP',
      // Visitors waiting for a reply, the longest waiting first (decision 054).
      'WAITING',
    ]);
  });

  it('reads lists only by the reviewed arguments (update this list deliberately)', () => {
    expect([...argumentNames().queries].sort()).toEqual([
      'after: String',
      'branch_id: Int',
      'category: ImageCategory',
      'category: VideoCategory',
      'country_id: Int',
      'country_ids: Int',
      // The inbox's filter: fixed fields (country, branch, kind, status, assignee, days, words), no column names.
      'filter: EnquiryFilter',
      'filter: String',
      'first: Int',
      // The eligibility checkers' answers (one profile, not a list filter).
      'input: AustralianPointsInput',
      'input: CrsInput',
      'not_in_gallery_of: Int',
      // The inbox's order: one of the server's (an enum), never a column.
      'order: EnquiryOrder',
      'page_id: Int',
      'paginate: PaginateInput',
      // A post by its address, and a blog's posts of one tag (getPost, getPosts).
      'slug: String',
      'tag: String',
    ]);
  });

  it('refuses an orderBy argument on GraphQL and ignores an orderBy key on tRPC', async () => {
    const token = await staffToken(app, 'ADMIN');
    const refused = await gql(app, 'query { getCountries(orderBy: "password_hash") { id } }', {}, token);
    expect(errorCode(refused)).toBe('GRAPHQL_VALIDATION_FAILED');
    const plain = await trpcCall(app, 'country.getAll', {}, { token });
    const withOrder = await trpcCall(app, 'country.getAll', { orderBy: 'name desc; drop table countries' }, { token });
    expect(withOrder.status).toBe(200);
    expect(withOrder.data).toEqual(plain.data);
  });
});
