import type { FastifyInstance } from 'fastify';
import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLInputType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, logCapture, type LogLine } from '../../test/app.js';
import { gql, staffToken, trpcCall } from '../../test/graphql.js';
import { INVALID_TEXT_MESSAGE } from '../errors.js';
import { appRouter } from '../trpc/router.js';

/** Text PostgreSQL cannot store (NUL) and text that is not Unicode (a lone surrogate). */
const INVALID_TEXTS = { NUL: 'Nepal\u0000', 'a lone surrogate': 'Nepal\ud800' };

/**
 * Issue 14 (5): invalid text in any string argument of any operation, on either API, is refused with
 * BAD_USER_INPUT by one check before the operation's own schema; it never reaches the database (a NUL in a list
 * filter used to answer 500 with a stack trace in the log).
 */
describe('invalid text in API arguments', () => {
  let app: FastifyInstance;
  let admin: string;
  const log = logCapture();
  const failures = (): LogLine[] => log.lines.filter((line) => Number(line.level) >= 50);

  beforeAll(async () => {
    app = await buildTestApp({ logger: log.logger });
    admin = await staffToken(app, 'ADMIN');
  });
  afterAll(() => app.close());

  it.each(Object.entries(INVALID_TEXTS))(
    'refuses %s in a list filter on both APIs, and logs no failure',
    async (_kind, text) => {
      const viaGraphql = await gql(app, 'query ($f: String) { getCountries(filter: $f) { id } }', { f: text }, admin);
      expect(viaGraphql.errors[0]?.extensions).toEqual({
        code: 'BAD_USER_INPUT',
        fields: { filter: INVALID_TEXT_MESSAGE },
      });
      const viaTrpc = await trpcCall(app, 'media.allImages', { filter: text, first: 10 }, { token: admin });
      expect(viaTrpc.status).toBe(400);
      expect(viaTrpc.error?.fields).toEqual({ filter: INVALID_TEXT_MESSAGE });
      expect(failures()).toEqual([]);
    },
  );

  it('refuses invalid text in an object key too', async () => {
    const response = await trpcCall(app, 'country.getAll', { ['fil\u0000ter']: 'x' }, { token: admin });
    expect(response.status).toBe(400);
    expect(response.error?.message).toContain(INVALID_TEXT_MESSAGE);
  });

  it('refuses it for every tRPC procedure, before the procedure reads its input', async () => {
    const procedures = Object.entries(
      appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>,
    );
    expect(procedures.length).toBeGreaterThan(50);
    const answers: Record<string, number> = {};
    for (const [path, procedure] of procedures) {
      const response = await trpcCall(
        app,
        path,
        { probe: INVALID_TEXTS.NUL },
        { token: admin, mutation: procedure._def.type === 'mutation' },
      );
      answers[path] = response.status;
      expect(response.error?.message, path).toContain(INVALID_TEXT_MESSAGE);
    }
    expect(Object.values(answers).every((status) => status === 400)).toBe(true);
    expect(failures()).toEqual([]);
  });

  /** A value of the argument's type with `text` in every string and every input field filled (no file: files are not text). */
  function valueOf(type: GraphQLInputType, text: string): unknown {
    const inner = getNullableType(type);
    if (isListType(inner)) return [valueOf(inner.ofType, text)];
    if (isInputObjectType(inner)) {
      return Object.fromEntries(
        Object.values(inner.getFields()).map((field) => [field.name, valueOf(field.type, text)]),
      );
    }
    if (isEnumType(inner)) return inner.getValues()[0]!.value;
    if (isScalarType(inner)) {
      if (inner.name === 'Int' || inner.name === 'Float') return 1;
      if (inner.name === 'Boolean') return true;
      if (inner.name === 'Upload') return null;
      return text;
    }
    throw new Error(`No value for ${String(type)}`);
  }

  const takesText = (type: GraphQLInputType): boolean => JSON.stringify(valueOf(type, '\u0001')).includes('\\u0001');

  it('refuses it for every GraphQL query and mutation that takes text, before the resolver runs', async () => {
    const schema = app.graphqlSchema!;
    let checked = 0;
    for (const [keyword, root] of [
      ['query', schema.getQueryType()!],
      ['mutation', schema.getMutationType()!],
    ] as const) {
      for (const field of Object.values(root.getFields())) {
        if (!field.args.some((arg) => takesText(arg.type))) continue;
        // A call that needs a file is refused for the file first (a JSON request carries none): its texts are tested
        // with the upload (server/src/media/image-alt-text.test.ts).
        if (field.args.some((arg) => isNonNullType(arg.type) && JSON.stringify(valueOf(arg.type, '')) === '[null]')) {
          continue;
        }
        const variables = Object.fromEntries(field.args.map((arg) => [arg.name, valueOf(arg.type, INVALID_TEXTS.NUL)]));
        const declarations = field.args.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
        const call = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
        const selection = isObjectType(getNamedType(field.type)) ? ' { __typename }' : '';
        const response = await gql(
          app,
          `${keyword} (${declarations}) { ${field.name}(${call})${selection} }`,
          variables,
          admin,
        );
        expect(response.errors[0]?.extensions?.code, `${field.name}: ${JSON.stringify(response.errors)}`).toBe(
          'BAD_USER_INPUT',
        );
        expect(response.errors[0]?.message, field.name).toContain(INVALID_TEXT_MESSAGE);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(30);
    expect(failures()).toEqual([]);
  });
});
