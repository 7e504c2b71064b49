import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';
import { SCHEMA_FILE, printedSchema } from './schema-file.js';

describe('the committed GraphQL contract (server/schema.graphql)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
  });
  afterAll(() => app.close());

  it('matches the schema the server runs (run `npm run graphql:schema` after changing it)', () => {
    const running = printSchema(lexicographicSortSchema(app.graphqlSchema!));
    expect(printedSchema()).toContain(running);
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(printedSchema());
  });
});
