import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { StaffRole } from '../../shared/enums.js';
import { createStaff } from '../src/staff/staff.repository.js';
import { buildTestApp } from './app.js';
import { craftAccessToken } from './tokens.js';

export interface GraphqlResponse<T = Record<string, unknown>> {
  status: number;
  data: T | null;
  errors: { message: string; path?: string[]; extensions?: { code?: string; fields?: Record<string, string> } }[];
}

/** POST /api/graphql as an external caller would, optionally with a bearer token. */
export async function gql<T = Record<string, unknown>>(
  app: FastifyInstance,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<GraphqlResponse<T>> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/graphql',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: { query, variables },
  });
  const body = response.json<{ data?: T | null; errors?: GraphqlResponse['errors'] }>();
  return { status: response.statusCode, data: body.data ?? null, errors: body.errors ?? [] };
}

/** The first error's code, for failure assertions. */
export function errorCode(response: GraphqlResponse<unknown>): string | undefined {
  return response.errors[0]?.extensions?.code;
}

/**
 * A staff member and a genuine access token for them, without a browser sign-in (their provider subject is
 * recorded as it would be at sign-in).
 */
export async function staffMember(
  app: FastifyInstance,
  { role = 'ADMIN', countryIds = [], name }: { role?: StaffRole; countryIds?: number[]; name?: string } = {},
): Promise<{ id: number; name: string; token: string }> {
  const subject = `test-${randomUUID()}`;
  const staff = await createStaff(app.db, {
    email: `${subject}@example.com`,
    name: name ?? `Test ${role}`,
    role,
    passwordHash: null,
    countryIds,
  });
  await app.db.updateTable('staff_users').set({ oidc_subject: subject }).where('id', '=', staff.id).execute();
  return { id: staff.id, name: staff.name, token: await craftAccessToken(app, { sub: subject }) };
}

/** A genuine access token of a new staff member. */
export async function staffToken(
  app: FastifyInstance,
  role: StaffRole = 'ADMIN',
  countryIds: number[] = [],
): Promise<string> {
  return (await staffMember(app, { role, countryIds })).token;
}

/** A valid token of someone who is not staff. */
export function strangerToken(app: FastifyInstance): Promise<string> {
  return craftAccessToken(app, { sub: `stranger-${randomUUID()}` });
}

/** Calls a tRPC procedure over HTTP like the client does; returns the data or throws with the error body. */
export async function trpcCall<T = unknown>(
  app: FastifyInstance,
  path: string,
  input: unknown,
  options: { token?: string; mutation?: boolean } = {},
): Promise<{
  status: number;
  data: T | undefined;
  error: { code?: string; message?: string; fields?: Record<string, string> } | undefined;
}> {
  const headers = options.token ? { authorization: `Bearer ${options.token}` } : {};
  const response = options.mutation
    ? await app.inject({
        method: 'POST',
        url: `/api/trpc/${path}`,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify(input ?? null),
      })
    : await app.inject({
        url: `/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input ?? null))}`,
        headers,
      });
  const body = response.json<{
    result?: { data: T };
    error?: { message: string; data?: { code?: string; fields?: Record<string, string> } };
  }>();
  return {
    status: response.statusCode,
    data: body.result?.data,
    error: body.error
      ? { code: body.error.data?.code, message: body.error.message, fields: body.error.data?.fields }
      : undefined,
  };
}

/** The country content tests give their editor: Nepal (seeded: Global 1, Nepal 2, Canada 3, Australia 4). */
const NEPAL = 2;

/**
 * The real app on a fresh database with the two staff members content tests act as: an ADMIN, and an EDITOR of
 * Nepal only, whose changes to other countries' content are refused.
 */
export async function buildContentTestApp(): Promise<{ app: FastifyInstance; admin: string; nepalEditor: string }> {
  const app = await buildTestApp();
  return { app, admin: await staffToken(app, 'ADMIN'), nepalEditor: await staffToken(app, 'EDITOR', [NEPAL]) };
}

/** Expects a refusal of bad input: BAD_USER_INPUT with exactly these messages by field. */
export function expectFieldErrors(response: GraphqlResponse<unknown>, fields: Record<string, string>): void {
  expect(errorCode(response)).toBe('BAD_USER_INPUT');
  expect(response.errors[0]?.extensions?.fields).toEqual(fields);
}
