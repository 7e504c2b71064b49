import { lookup } from 'node:dns/promises';
import { request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isLoopbackAddress, isSpecialUseAddress } from '../http/special-use-addresses.js';

/*
 * Where a webhook may go (decision 064). Visitors' data leaves only over https, and never for an address inside the
 * network the site runs in: the special-use ranges (loopback, private, shared, link-local with the cloud metadata
 * service, unique-local, NAT64, multicast, reserved) are refused. A host name is resolved once and the connection
 * is made to the address checked (pinned), so a name that resolves differently a moment later (DNS rebinding)
 * changes nothing. Loopback, and http to it, is allowed only for a site that itself runs on a loopback PUBLIC_URL
 * (a developer's machine).
 */
/** A webhook that may not be sent where it points: said on the delivery, never retried into the network. */
export class OutboundRefused extends Error {}

/** Why `address` may not be reached, or null. */
function insideReason(address: string, allowLoopback: boolean): string | null {
  if (isLoopbackAddress(address)) return allowLoopback ? null : 'a loopback address';
  return isSpecialUseAddress(address) ? 'an address inside the network' : null;
}

/** A URL's host name without the brackets of an IPv6 address. */
const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

function isLoopbackHost(hostname: string): boolean {
  const host = bare(hostname);
  return host === 'localhost' || isLoopbackAddress(host);
}

/** Whether the site runs on a loopback address (its PUBLIC_URL), where loopback receivers are allowed. */
export function isLocalSite(publicUrl: string): boolean {
  return isLoopbackHost(new URL(publicUrl).hostname);
}

/** What is wrong with `url` as a webhook's address, as far as can be told without resolving it, or null. */
export function webhookUrlProblem(url: string, localSite: boolean): string | null {
  const parsed = new URL(url);
  const host = bare(parsed.hostname);
  const loopback = isLoopbackHost(parsed.hostname);
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && loopback && localSite)) {
    return 'URL must be an https link';
  }
  if (isIP(host) !== 0 && insideReason(host, localSite)) return 'URL must not point inside the network';
  if (loopback && !localSite) return 'URL must not point inside the network';
  return null;
}

/** The address to connect to for `url`: its host resolved once, every answer checked. */
async function pinnedAddress(url: URL, localSite: boolean): Promise<{ address: string; family: 4 | 6 }> {
  const host = bare(url.hostname);
  const answers = isIP(host) !== 0 ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true });
  for (const answer of answers) {
    const reason = insideReason(answer.address, localSite);
    // One inside answer refuses the name: a resolver may hand out either.
    if (reason) throw new OutboundRefused(`Refused: ${url.hostname} is ${reason} (${answer.address})`);
  }
  const [first] = answers;
  if (!first) throw new OutboundRefused(`Refused: ${url.hostname} has no address`);
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/**
 * POSTs `body` to `url` at its checked, pinned address and answers the status code; the response body is not read.
 * No redirect is followed. Refused addresses throw OutboundRefused before any connection is opened.
 */
export async function postOutbound(
  url: string,
  headers: OutgoingHttpHeaders,
  body: string,
  { localSite, timeoutMs }: { localSite: boolean; timeoutMs: number },
): Promise<number> {
  const target = new URL(url);
  const problem = webhookUrlProblem(url, localSite);
  if (problem) throw new OutboundRefused(`Refused: ${problem}`);
  const pinned = await pinnedAddress(target, localSite);
  const pin: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<number>((resolve, reject) => {
    const outgoing = request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        lookup: pin,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
