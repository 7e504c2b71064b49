import http from 'node:http';
import https from 'node:https';
import { duplexPair, type Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';

/** A fetch as jose and the relying party's discovery call it: GET requests with a few headers. */
export type FetchImplementation = (
  url: string,
  init: { method?: string; headers?: Record<string, string>; signal?: AbortSignal },
) => Promise<Response>;

/**
 * Connections to this very server that never touch a socket, for talking to the embedded identity provider: no
 * loopback port, no dependency on the listening address or a proxy, and real HTTP on both ends (the relying party
 * cannot tell the provider is local). Each request gets a connection of its own, which the server closes after
 * answering. Node's HTTP server takes any stream as a connection; its client takes any stream from an agent.
 */
export class InProcessAgent extends http.Agent {
  constructor(
    private readonly app: FastifyInstance,
    /** The origin answered in-process: the site's public URL. */
    readonly origin: string,
  ) {
    super({ keepAlive: false });
    // An https client checks that its agent speaks https; the bytes never leave the process, so none is needed.
    Object.assign(this, { protocol: new URL(origin).protocol });
  }

  /**
   * The OAuth client deep-copies its HTTP options with @hapi/hoek, which would copy the whole server this agent
   * holds; hoek keeps an object whose prototype says it is immutable as it is.
   */
  get isImmutable(): boolean {
    return true;
  }

  override createConnection(): Duplex {
    const [client, server] = duplexPair();
    // What logs and limits read off a socket, as for a request made with `app.inject`.
    Object.assign(server, { remoteAddress: '127.0.0.1', remotePort: 0 });
    this.app.server.emit('connection', server);
    return client;
  }
}

/** A fetch that sends requests for the agent's origin through it, and others to the network. */
export function inProcessFetch(agent: InProcessAgent): FetchImplementation {
  return (url, init) => {
    const target = new URL(url);
    if (target.origin !== agent.origin) return fetch(url, init);
    const transport = target.protocol === 'https:' ? https : http;
    return new Promise<Response>((resolve, reject) => {
      const request = transport.request(
        target,
        { method: init.method ?? 'GET', headers: init.headers, agent, signal: init.signal },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(response.headers)) {
              for (const item of [value ?? []].flat()) headers.append(name, item);
            }
            const status = response.statusCode ?? 500;
            const body = [204, 304].includes(status) ? null : Buffer.concat(chunks);
            resolve(new Response(body, { status, headers }));
          });
        },
      );
      request.on('error', reject);
      request.end();
    });
  };
}
