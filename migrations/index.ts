import type { Migration } from 'kysely';
import * as initialSchema from './20261122-0001-initial-schema.js';

export const migrations: Record<string, Migration> = {
  '20261122-0001-initial-schema': initialSchema,
};
