import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * What proves a mail to the reply address was written by the office (decision 062). The From proves nothing (anyone
 * writes any From), and nothing a visitor was sent can be the proof: a counsellor's "Reply all" hands the visitor
 * every address and Message-ID it names. Two things can be:
 * - a staff reply address: the notice of a visitor's answer, sent to one staff member, answers to
 *   `<reply address's local part>+s<lead>.<token>@<its domain>`, the token a keyed digest of the lead and that staff
 *   member's address. Only the notice carries it, and the product sends the counsellor's answer on to the visitor
 *   itself, so the visitor never sees it;
 * - the receiving server's verdict: an Authentication-Results header (RFC 8601) added by the server the operator
 *   names (`INBOUND_MAIL_AUTHSERV_ID`), saying DMARC passed for the From's domain.
 */

/** The local part and domain of an address, split at its last @. */
function partsOf(address: string): [string, string] {
  const at = address.lastIndexOf('@');
  return [address.slice(0, at), address.slice(at + 1)];
}

function tokenOf(secret: string, leadId: number, staffEmail: string): string {
  return createHmac('sha256', secret)
    .update(`staff-reply:${leadId}:${staffEmail.toLowerCase()}`)
    .digest('base64url')
    .slice(0, 22);
}

/** The address a notice to `staffEmail` about lead `leadId` answers to. */
export function staffReplyAddress(replyAddress: string, secret: string, leadId: number, staffEmail: string): string {
  const [local, domain] = partsOf(replyAddress);
  return `${local}+s${leadId}.${tokenOf(secret, leadId, staffEmail)}@${domain}`;
}

/**
 * Whether one of `recipients` is the staff reply address of lead `leadId` for `sender`: the mail answers a notice
 * sent to them about that lead.
 */
export function sentToStaffReplyAddress(
  recipients: string[],
  replyAddress: string,
  secret: string,
  leadId: number,
  sender: string,
): boolean {
  const expected = Buffer.from(staffReplyAddress(replyAddress, secret, leadId, sender).toLowerCase());
  return recipients.some((recipient) => {
    const given = Buffer.from(recipient.toLowerCase());
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/**
 * Whether the topmost Authentication-Results header that `authservId` added says DMARC passed for `sender`'s domain.
 * Headers are given top first (the receiving server adds its own at the top; any below it came with the mail and
 * prove nothing).
 */
export function dmarcPassed(authenticationResults: string[], authservId: string, sender: string): boolean {
  const ours = authenticationResults.find(
    (header) => header.trim().split(/[\s;]/, 1)[0]!.toLowerCase() === authservId.toLowerCase(),
  );
  if (!ours) return false;
  const domain = partsOf(sender)[1].toLowerCase();
  // Each result is `method=result` followed by its properties, up to the next `;`.
  return ours
    .split(';')
    .slice(1)
    .some((result) => {
      const [method] = /^\s*dmarc\s*=\s*(\w+)/i.exec(result)?.slice(1) ?? [];
      const from = /header\.from\s*=\s*"?([^\s;"]+)/i.exec(result)?.[1]?.toLowerCase();
      return method?.toLowerCase() === 'pass' && from === domain;
    });
}
