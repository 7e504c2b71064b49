import type { FastifyInstance } from 'fastify';
import { isSpecialUseAddress } from './special-use-addresses.js';

/** Headers a reverse proxy or load balancer adds to say who the visitor is. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/** What the proxy check saw: the untrusted proxy, once one was seen (the go-live checklist shows it). */
export interface ProxyObservation {
  untrusted: { peer: string; header: string } | undefined;
}

/**
 * Behind a reverse proxy without TRUST_PROXY, every request seems to come from the proxy's private address: every
 * visitor gets the Global site and all share one rate limit, silently. When forwarding headers arrive from a private
 * peer and no proxy is trusted, this says so once, as a warning with what to set (issue 19), and remembers it.
 */
export function warnOfUntrustedProxy(app: FastifyInstance, trustProxy: readonly string[]): ProxyObservation {
  const observation: ProxyObservation = { untrusted: undefined };
  if (trustProxy.length === 0) {
    app.addHook('onRequest', (request, _reply, done) => {
      done();
      if (observation.untrusted) return;
      const header = FORWARDING_HEADERS.find((name) => request.headers[name] !== undefined);
      const peer = request.socket.remoteAddress;
      if (!header || !peer || !isSpecialUseAddress(peer)) return;
      observation.untrusted = { peer, header };
      request.log.warn(
        { peer, header },
        `Requests arrive through a proxy at ${peer} (${header}) but TRUST_PROXY is not set: every visitor looks like ` +
          'the proxy, gets the Global site and shares its rate limits. Set TRUST_PROXY to the proxy address.',
      );
    });
  }
  return observation;
}
