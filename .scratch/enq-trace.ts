import { captchaToken, CONTACT_US, enquiry, visitorAddress } from '../server/reliability/support/client.js';
const url = process.argv[2]!;
const count = Number(process.argv[3] ?? 500);
const warm = process.argv[4] === 'warm';
const prepared: { body: string; headers: Record<string, string> }[] = [];
let next = 0;
await Promise.all(Array.from({ length: 8 }, async () => {
  while (next < count + 20) {
    const i = next++;
    const from = visitorAddress();
    const input = { ...enquiry(`trace ${i} ${from}`), reCaptcha_token: await captchaToken(url, from) };
    prepared[i] = { headers: { 'content-type': 'application/json', 'x-forwarded-for': from }, body: JSON.stringify({ query: CONTACT_US, variables: { input } }) };
  }
}));
const send = async (p: { body: string; headers: Record<string, string> }) => { const r = await fetch(`${url}/api/graphql`, { method: 'POST', headers: p.headers, body: p.body }); await r.text(); };
if (warm) await Promise.all(prepared.slice(count).map(send));
const t0 = performance.now();
const rows: [number, number][] = [];
let k = 0;
await Promise.all(Array.from({ length: 100 }, async () => {
  while (k < count) {
    const p = prepared[k++]!;
    const s = performance.now();
    await send(p);
    rows.push([s - t0, performance.now() - t0]);
  }
}));
const lat = rows.map(([s, e]) => e - s).sort((a, b) => a - b);
console.log(warm ? 'warm' : 'cold', 'p50', lat[Math.floor(lat.length / 2)]!.toFixed(0), 'p99', lat[Math.floor(lat.length * 0.99)]!.toFixed(0), 'total', (performance.now() - t0).toFixed(0));
const buckets = new Map<number, number>();
for (const [, e] of rows) buckets.set(Math.floor(e / 50), (buckets.get(Math.floor(e / 50)) ?? 0) + 1);
const max = Math.max(...buckets.keys());
console.log(Array.from({ length: max + 1 }, (_, i) => buckets.get(i) ?? 0).join(' '));
