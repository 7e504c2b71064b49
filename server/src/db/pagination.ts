import { sql, type SelectQueryBuilder } from 'kysely';
import type { CursorArgs, PaginateInput } from '../../../shared/pagination.schema.js';
import { AppError } from '../errors.js';

export interface PageResult<T> {
  data: T[];
  pagination: { page: number; perPage: number; pageCount: number; total: number };
}

/**
 * Page-based lists (`paginate: { page, perPage }`): one query for the rows, one for the total.
 * `query` must be fully filtered and ordered; this adds only limit/offset.
 */
export async function pageOf<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  paginate: PaginateInput,
): Promise<PageResult<O>> {
  const { page, perPage } = paginate;
  const [data, counted] = await Promise.all([
    query
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    query
      .clearSelect()
      .clearOrderBy()
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirst() as Promise<{ total: number } | undefined>,
  ]);
  const total = counted?.total ?? 0;
  return { data, pagination: { page, perPage, pageCount: Math.ceil(total / perPage), total } };
}

export interface Connection<T> {
  edges: { cursor: string; node: T }[];
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
}

/** Opaque cursors: the row's id, so a cursor stays valid whatever is inserted before or after it. */
export function encodeCursor(id: number): string {
  return Buffer.from(`id:${id}`).toString('base64url');
}

export function decodeCursor(cursor: string): number {
  const match = /^id:(\d{1,10})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) throw new AppError('BAD_USER_INPUT', 'Invalid cursor', { after: 'Invalid cursor' });
  return Number(match[1]);
}

/**
 * Cursor lists (`first`, `after`), newest first by id. `idColumn` is the list's id column as the query names it
 * (e.g. `images.id`); keyset paging, so inserting rows never shifts or repeats a page.
 */
export async function connectionOf<DB, TB extends keyof DB, O extends { id: number }>(
  query: SelectQueryBuilder<DB, TB, O>,
  idColumn: string,
  args: CursorArgs,
): Promise<Connection<O>> {
  let page = query.orderBy(sql.ref(idColumn), 'desc').limit(args.first + 1);
  if (args.after) page = page.where(sql.ref(idColumn), '<', decodeCursor(args.after));
  const rows = await page.execute();
  const nodes = rows.slice(0, args.first);
  const edges = nodes.map((node) => ({ cursor: encodeCursor(node.id), node }));
  return { edges, pageInfo: { endCursor: edges.at(-1)?.cursor ?? null, hasNextPage: rows.length > args.first } };
}
