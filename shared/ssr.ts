import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '../server/src/trpc/router.js';

/** What the server-side render hands to the browser next to the HTML (window.__SITE_STATE__). */
export interface SiteState {
  countryId: number;
  /** That country's address code (`np`); null: none (Global at the root). */
  countryCode: string | null;
  /** The country's address the page was rendered at (`/np`), or '' at the root: the router's basename. */
  basename: string;
  /** Dehydrated react-query cache. */
  queries: DehydratedState;
}

/** The contract between the Fastify server and the client's server entry (client/src/entry-server.tsx). */
export interface RenderInput {
  request: Request;
  countryId: number;
  /** That country's address code (`np`, decision 066); null: none (Global). */
  countryCode: string | null;
  /** The country's address in the request's path (`/np`, decision 066), or '' at the root: the router's basename. */
  basename: string;
  /** The site's public origin (PUBLIC_URL), for canonical links and Open Graph URLs. */
  origin: string;
  /**
   * A Content-Security-Policy script nonce for every inline `<script>` the render writes (the state and
   * react-router's hydration data). Absent for a page that is kept and sent again: its policy names
   * each inline script by its hash instead (decision 025).
   */
  nonce?: string;
  /** Procedures bound to this request, called in-process: the render never makes an HTTP call to itself. */
  createTrpc: (queryClient: QueryClient) => TRPCOptionsProxy<AppRouter>;
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      /** The page's language (`<html lang>`): English for its country (`en-NP`), or `en`. */
      lang: string;
      head: string;
      body: string;
      state: string;
      /** The source files of the page's own chunks (client-root relative), for the server to link in the head. */
      modules?: string[];
    }
  /** The data could not be read because the database is out of reach: the server answers 503, to be retried. */
  | { kind: 'unavailable' };

/** Whether a loader's error is the API's SERVICE_UNAVAILABLE (a TRPCError in-process, a TRPCClientError in a browser). */
export function isServiceUnavailable(error: unknown): boolean {
  const { code, data } = (error ?? {}) as { code?: unknown; data?: { code?: unknown } | null };
  return code === 'SERVICE_UNAVAILABLE' || data?.code === 'SERVICE_UNAVAILABLE';
}

export type RenderFunction = (input: RenderInput) => Promise<RenderResult>;

/** Serialises state into a <script> safely: no `</script>` or `<!--` can break out of it. */
export function serializeState(state: unknown): string {
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
