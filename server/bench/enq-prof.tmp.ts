import autocannon from 'autocannon';
import { captchaToken, CONTACT_US, enquiry, visitorAddress } from '../reliability/support/client.js';
const url = process.argv[2]!;
const count = Number(process.argv[3] ?? 1500);
const prepared: { body: string; headers: Record<string, string> }[] = [];
let next = 0;
await Promise.all(Array.from({ length: 8 }, async () => {
  while (next < count) {
    const i = next++;
    const from = visitorAddress();
    const input = { ...enquiry(`prof ${i} ${from}`), reCaptcha_token: await captchaToken(url, from) };
    prepared[i] = { headers: { 'content-type': 'application/json', 'x-forwarded-for': from }, body: JSON.stringify({ query: CONTACT_US, variables: { input } }) };
  }
}));
console.log('prepared', prepared.length);
let k = 0;
const r = await autocannon({ url, connections: 100, amount: count, requests: [{ method: 'POST', path: '/api/graphql', setupRequest: (b) => ({ ...b, ...prepared[Math.min(k++, count - 1)] }) }] });
console.log('p50', r.latency.p50, 'p99', r.latency.p99, 'non2xx', r.non2xx, 'dur', r.duration);
