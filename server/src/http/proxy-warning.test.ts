import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, logCapture } from '../../test/app.js';
import { isSpecialUseAddress } from './special-use-addresses.js';

const PROXY_WARNING = /TRUST_PROXY is not set/;

describe('a reverse proxy in front without TRUST_PROXY', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function start(trustProxy: string[]) {
    const capture = logCapture();
    app = await buildTestApp({ config: { trustProxy }, logger: capture.logger });
    const warnings = () => capture.lines.filter((line) => PROXY_WARNING.test(String(line.msg)));
    return { app, warnings };
  }

  it('is told once, as a warning naming the proxy and what to set', async () => {
    // Requests injected in tests come from 127.0.0.1, a private peer, as a proxy on the same host would.
    const { app, warnings } = await start([]);
    await app.inject({ url: '/healthz' });
    expect(warnings()).toEqual([]);
    for (let i = 0; i < 3; i++) await app.inject({ url: '/healthz', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toMatchObject({ level: 40, peer: '127.0.0.1', header: 'x-forwarded-for' });
    expect(String(warnings()[0]!.msg)).toContain('Set TRUST_PROXY to the proxy address');
  });

  it('says nothing once the proxy is trusted', async () => {
    const { app, warnings } = await start(['127.0.0.1']);
    await app.inject({ url: '/healthz', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(warnings()).toEqual([]);
  });

  it('knows private and special-use peers, IPv4-mapped ones included', () => {
    expect(
      ['10.1.2.3', '172.20.0.5', '192.168.1.1', '127.0.0.1', '::1', 'fd00::1', '::ffff:10.0.0.7'].map(
        isSpecialUseAddress,
      ),
    ).toEqual([true, true, true, true, true, true, true]);
    expect(['8.8.8.8', '2606:4700::1111', '::ffff:1.1.1.1', 'not an address'].map(isSpecialUseAddress)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
