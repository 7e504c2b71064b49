import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { GRAPHQL_PREFLIGHT_HEADER } from '../../shared/api.js';
import type { GraphqlResponse } from './graphql.js';

/** A file sent in a GraphQL multipart request, and the variable it fills (e.g. `variables.images.0`). */
export interface UploadedTestFile {
  path: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** Quotes a form-data name or file name (the characters that would end or break the header are escaped). */
function quoted(value: string): string {
  return `"${value.replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/"/g, '%22')}"`;
}

/**
 * A request body per the GraphQL multipart request spec: the `operations` field (query and variables, with
 * `null` where each file goes), the `map` field (file part name → variable paths), then one part per file.
 */
export function graphqlMultipartBody(
  query: string,
  variables: Record<string, unknown>,
  files: readonly UploadedTestFile[],
): { body: Buffer; contentType: string } {
  const boundary = `----graphql-test-${randomBytes(12).toString('hex')}`;
  const map = Object.fromEntries(files.map((file, index) => [String(index), [file.path]]));
  const field = (name: string, value: string) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name=${quoted(name)}\r\n\r\n${value}\r\n`);
  const parts: Buffer[] = [
    field('operations', JSON.stringify({ query, variables })),
    field('map', JSON.stringify(map)),
  ];
  files.forEach((file, index) => {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${index}"; filename=${quoted(file.filename)}\r\n` +
          `Content-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  });
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * POST /api/graphql as a multipart upload, the way the staff area sends files: with the preflight header CSRF
 * prevention asks of non-JSON requests (`preflight: false` leaves it out).
 */
export async function gqlUpload<T = Record<string, unknown>>(
  app: FastifyInstance,
  query: string,
  variables: Record<string, unknown>,
  files: readonly UploadedTestFile[],
  token?: string,
  { preflight = true }: { preflight?: boolean } = {},
): Promise<GraphqlResponse<T>> {
  const { body, contentType } = graphqlMultipartBody(query, variables, files);
  const response = await app.inject({
    method: 'POST',
    url: '/api/graphql',
    headers: {
      'content-type': contentType,
      ...(preflight ? { [GRAPHQL_PREFLIGHT_HEADER]: 'upload' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: body,
  });
  const parsed = response.json<{ data?: T | null; errors?: GraphqlResponse['errors'] }>();
  return { status: response.statusCode, data: parsed.data ?? null, errors: parsed.errors ?? [] };
}
