import type { FastifyInstance, InjectOptions } from 'fastify';
import type { FetchImplementation } from './relying-party.js';

/**
 * A `fetch` that answers requests for `origin` by injecting them into this very server, for talking to the embedded
 * identity provider: no loopback socket, no dependency on the listening address, and the same HTTP semantics as a
 * remote provider (the relying-party code cannot tell the difference). Other origins go to the real network.
 */
export function inProcessFetch(app: FastifyInstance, origin: string): FetchImplementation {
  return async (url, options) => {
    const target = new URL(url);
    if (target.origin !== origin) return fetch(url, options);
    const headers = Object.fromEntries(new Headers(options.headers).entries());
    const response = await app.inject({
      method: (options.method ?? 'GET') as InjectOptions['method'],
      url: `${target.pathname}${target.search}`,
      headers,
      ...(options.body != null ? { payload: requestBody(options.body) } : {}),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(name, String(item));
    }
    const hasBody = ![204, 304].includes(response.statusCode) && options.method !== 'HEAD';
    return new Response(hasBody ? response.rawPayload : null, {
      status: response.statusCode,
      headers: responseHeaders,
    });
  };
}

function requestBody(body: NonNullable<Parameters<FetchImplementation>[1]['body']>): string | Buffer {
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof Uint8Array || body instanceof ArrayBuffer) return Buffer.from(body as ArrayBuffer);
  throw new Error('Streaming request bodies are not supported in-process');
}
