import { GRAPHQL_PREFLIGHT_HEADER } from '../../../shared/api.js';
import { staffTokens } from './staff-session.js';

/** A file for one Upload variable, e.g. `{ path: 'images.0', file }` or `{ path: 'image', file }`. */
export interface UploadFile {
  path: string;
  file: File;
}

/** A refused upload: the message to show, and the per-field messages (e.g. `{ image: 'Upload a PNG…' }`). */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

interface GraphqlAnswer<T> {
  data?: T | null;
  errors?: { message: string; extensions?: { fields?: Record<string, unknown> } }[];
}

function setPath(target: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split('.');
  let node: Record<string, unknown> = target;
  keys.slice(0, -1).forEach((key) => (node = node[key] as Record<string, unknown>));
  node[keys.at(-1)!] = value;
}

/**
 * Sends files to POST /api/graphql as a GraphQL multipart request (tRPC has no upload path, decision 011), with
 * the staff bearer token and progress (0–1). The preflight header is what the endpoint's CSRF prevention asks of a
 * non-JSON request.
 */
export async function graphqlUpload<T>(
  query: string,
  variables: Record<string, unknown>,
  files: readonly UploadFile[],
  onProgress?: (fraction: number) => void,
): Promise<T> {
  const token = await staffTokens.get();
  const operations = structuredClone(variables);
  for (const { path } of files) setPath(operations, path, null);
  const body = new FormData();
  body.append('operations', JSON.stringify({ query, variables: operations }));
  // Map paths start at the operations object (GraphQL multipart request spec): `variables.image`, not `image`.
  body.append(
    'map',
    JSON.stringify(Object.fromEntries(files.map(({ path }, index) => [String(index), [`variables.${path}`]]))),
  );
  files.forEach(({ file }, index) => body.append(String(index), file, file.name));

  const answer = await new Promise<{ status: number; json: GraphqlAnswer<T> | null }>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/graphql');
    request.setRequestHeader('authorization', `Bearer ${token}`);
    request.setRequestHeader(GRAPHQL_PREFLIGHT_HEADER, 'upload');
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => resolve({ status: request.status, json: request.response as GraphqlAnswer<T> | null });
    request.onerror = () => reject(new UploadError('The upload failed. Check your connection and try again.'));
    request.send(body);
  });
  if (answer.status === 401) staffTokens.invalidate();
  const error = answer.json?.errors?.[0];
  if (error) {
    const fields = Object.fromEntries(
      Object.entries(error.extensions?.fields ?? {}).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
    throw new UploadError(error.message, fields);
  }
  if (!answer.json?.data) {
    throw new UploadError(answer.status === 413 ? 'The file is too large.' : 'The upload failed. Please try again.');
  }
  onProgress?.(1);
  return answer.json.data;
}
